import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../../src/lib/messages.ts';

/** The server's answer to the sign-up, set by each test. */
const answer = { confirmationSent: true };

vi.mock('../../../src/islands/api-client.ts', () => ({
  api: { post: () => ({ json: () => Promise.resolve({ data: { email: 'riley@example.com', ...answer } }) }) },
  serverMessage: () => null,
}));

const { default: NewsletterSignup } = await import('../../../src/islands/content/NewsletterSignup.tsx');

afterEach(cleanup);

async function signUp(): Promise<void> {
  render(<NewsletterSignup />);
  for (const [label, value] of [
    ['First Name', 'Riley'],
    ['Last Name', 'Investor'],
    ['Email Address', 'riley@example.com'],
    ['Phone Number', '(212) 555-0142'],
  ] as const) {
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  }
  fireEvent.click(screen.getByLabelText('I agree to receive updates'));
  fireEvent.submit(screen.getByRole('button', { name: 'Subscribe to weekly newsletter' }));
  await act(async () => {});
}

describe('the newsletter page’s sign-up', () => {
  it('tells a new address that its confirmation link was emailed', async () => {
    answer.confirmationSent = true;
    await signUp();
    expect(screen.getByTestId('signup-confirmation').textContent).toContain('Your registration is almost complete.');
    expect(screen.getByTestId('signup-confirmation').textContent).toContain('riley@example.com');
  });

  it('tells an address confirmed already that it is subscribed, not that an email went', async () => {
    answer.confirmationSent = false;
    await signUp();
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.newsletter.subscribed);
    expect(screen.queryByTestId('signup-confirmation')).toBeNull();
  });
});
