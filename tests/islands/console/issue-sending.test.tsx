/** What the newsletter's sending controls say after staff schedule an issue or send it now. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NewsletterIssueRecord } from '../../../src/lib/newsletter.ts';

let answer: NewsletterIssueRecord;
const sent: unknown[] = [];
vi.mock('../../../src/islands/api-client.ts', () => ({
  api: {
    post: (_path: string, options: { json: unknown }) => {
      sent.push(options.json);
      return { json: () => Promise.resolve({ data: answer }) };
    },
  },
  isHttpError: () => false,
  serverMessage: () => null,
}));

const { IssueSending } = await import('../../../src/islands/console/IssueSending.tsx');

const draft: NewsletterIssueRecord = {
  id: 7,
  version: 2,
  weekOf: '2026-12-28',
  subject: 'RedCap Weekly: the week of December 28, 2026',
  intro: '<p>Hello</p>',
  sections: [],
  status: 'draft',
  scheduledAt: null,
  startedAt: null,
  finishedAt: null,
  articleId: null,
  progress: { audience: 3, queued: 0, sent: 0, failed: 0, bounced: 0, suppressed: 0, unsubscribed: 0 },
  updatedAt: '2026-12-28T12:00:00.000Z',
};

afterEach(() => {
  cleanup();
  sent.length = 0;
});

describe('the newsletter’s sending controls', () => {
  it('say when a scheduled issue goes, naming the Eastern zone once', async () => {
    answer = { ...draft, status: 'scheduled', scheduledAt: '2026-12-31T18:00:00.000Z' };
    render(<IssueSending issue={draft} unsaved={false} onChanged={() => {}} />);
    fireEvent.change(screen.getByLabelText('Send at (Eastern Time)'), { target: { value: '2026-12-31T13:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Schedule' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Scheduled for Thu, Dec 31, 2026, 1:00 PM EST.');
    expect(sent).toEqual([{ action: 'schedule', at: '2026-12-31T13:00' }]);
  });

  it('say the issue is being sent after Send now, not that it was scheduled', async () => {
    answer = { ...draft, status: 'scheduled', scheduledAt: '2026-12-31T06:21:00.000Z' };
    render(<IssueSending issue={draft} unsaved={false} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(screen.getByText('Send this issue to 3 readers now?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Send now' }).at(-1)!);
    const status = await screen.findByRole('status');
    expect(status.textContent).toBe('Sending to 3 readers now.');
    expect(sent).toEqual([{ action: 'schedule' }]);
  });
});
