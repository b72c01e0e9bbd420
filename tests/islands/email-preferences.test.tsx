import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_LIST_TEXTS, PREFERENCE_TEXTS, type EmailList } from '../../src/lib/email-lists.ts';

/** A refused call as the site's client reports it: the status and the server's `{ message }`. */
class Refused extends Error {
  readonly response: { status: number };
  constructor(status: number, message: string) {
    super(message);
    this.response = { status };
  }
}

interface Options {
  searchParams?: { t?: string };
  json?: Partial<Record<EmailList, boolean>>;
}
type Preferences = {
  email: string;
  newsletter: boolean;
  announcements: boolean | null;
  alerts: boolean | null;
  list: EmailList;
};

// The server behind the mocked client: one address's lists, and every call the island made.
let held: Preferences;
let refuse: { status: number; message: string } | null = null;
let hold: Promise<void> | null = null;
const calls: { method: string; path: string; options: Options }[] = [];
const GOOD_TOKEN = 'signed-token';

async function serve(method: string, options: Options): Promise<{ data: Preferences }> {
  if (hold) await hold;
  if (options.searchParams?.t !== GOOD_TOKEN) throw new Refused(400, PREFERENCE_TEXTS.badLink);
  if (refuse) throw new Refused(refuse.status, refuse.message);
  if (method === 'POST') held = { ...held, [held.list]: false };
  if (method === 'PUT') held = { ...held, ...options.json };
  return { data: { ...held } };
}
const call = (method: string) => (path: string, options: Options) => {
  calls.push({ method, path, options });
  return { json: () => serve(method, options) };
};
vi.mock('../../src/islands/api-client.ts', () => ({
  api: { get: call('GET'), put: call('PUT'), post: call('POST') },
  isHttpError: (error: unknown) => error instanceof Refused,
  serverMessage: (error: unknown) => (error instanceof Refused ? error.message : null),
}));

const { default: EmailPreferences } = await import('../../src/islands/email/EmailPreferences.tsx');

const open = async (search: string) => {
  window.history.replaceState(null, '', `/email/preferences${search}`);
  render(<EmailPreferences />);
  await act(async () => {});
};
const writes = () => calls.filter((c) => c.method !== 'GET');
const box = (list: EmailList) => screen.getByLabelText(EMAIL_LIST_TEXTS[list].label) as HTMLInputElement;

beforeEach(() => {
  held = { email: 'reader@example.com', newsletter: true, announcements: true, alerts: true, list: 'newsletter' };
  refuse = null;
  hold = null;
  calls.length = 0;
});
afterEach(cleanup);

describe('the email preference centre', () => {
  it('opening the unsubscribe link asks the question and sends nothing until the button is pressed', async () => {
    await open(`?t=${GOOD_TOKEN}&unsubscribe=1`);
    expect(
      screen.getByRole('heading', { name: 'Unsubscribe reader@example.com from the weekly newsletter?' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton })).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: 'email/preferences', options: { searchParams: { t: GOOD_TOKEN } } }]);
    expect(held.newsletter).toBe(true);
  });

  it('pressing Unsubscribe posts once, says so while it works, and shows the list’s unsubscribed text', async () => {
    await open(`?t=${GOOD_TOKEN}&unsubscribe=1`);
    let release!: () => void;
    hold = new Promise((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton }));
    expect(screen.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribing })).toHaveProperty('disabled', true);
    await act(async () => release());
    const done = await screen.findByText(EMAIL_LIST_TEXTS.newsletter.unsubscribed);
    expect(writes()).toEqual([
      { method: 'POST', path: 'email/unsubscribe', options: { searchParams: { t: GOOD_TOKEN } } },
    ]);
    expect(document.activeElement?.contains(done)).toBe(true);
    expect(box('newsletter').checked).toBe(false);
    expect(box('alerts').checked).toBe(true);
  });

  it('Subscribe again puts the link’s list back on', async () => {
    await open(`?t=${GOOD_TOKEN}&unsubscribe=1`);
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton }));
    fireEvent.click(await screen.findByRole('button', { name: PREFERENCE_TEXTS.resubscribe }));
    await screen.findByText('You are subscribed to the weekly newsletter again.');
    expect(writes().at(-1)).toEqual({
      method: 'PUT',
      path: 'email/preferences',
      options: { searchParams: { t: GOOD_TOKEN }, json: { newsletter: true } },
    });
    expect(box('newsletter').checked).toBe(true);
  });

  it('an unsubscribe link for a list already off says it is off and sends nothing', async () => {
    held = { ...held, alerts: false, list: 'alerts' };
    await open(`?t=${GOOD_TOKEN}&unsubscribe=1`);
    expect(screen.getByText(EMAIL_LIST_TEXTS.alerts.unsubscribed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PREFERENCE_TEXTS.unsubscribeButton })).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('a list that does not apply to the address is not offered', async () => {
    held = { ...held, announcements: null };
    await open(`?t=${GOOD_TOKEN}`);
    expect(box('newsletter').checked).toBe(true);
    expect(box('alerts').checked).toBe(true);
    expect(screen.queryByLabelText(EMAIL_LIST_TEXTS.announcements.label)).toBeNull();
    expect(screen.queryByText(EMAIL_LIST_TEXTS.announcements.detail)).toBeNull();
  });

  it('saving sends only the switches shown, and the saved message takes the focus', async () => {
    held = { ...held, announcements: null };
    await open(`?t=${GOOD_TOKEN}`);
    fireEvent.click(box('alerts'));
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.save }));
    const status = await screen.findByText(PREFERENCE_TEXTS.saved);
    expect(status.getAttribute('role')).toBe('status');
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: 'email/preferences',
        options: { searchParams: { t: GOOD_TOKEN }, json: { newsletter: true, alerts: false } },
      },
    ]);
    expect(document.activeElement?.contains(status)).toBe(true);
    expect(box('alerts').checked).toBe(false);
  });

  it('Turn off every email turns every shown list off', async () => {
    held = { ...held, alerts: null };
    await open(`?t=${GOOD_TOKEN}`);
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.everythingOff }));
    await screen.findByText(PREFERENCE_TEXTS.saved);
    expect(writes().map((c) => c.options.json)).toEqual([{ newsletter: false, announcements: false }]);
    expect(box('newsletter').checked).toBe(false);
    expect(box('announcements').checked).toBe(false);
    expect(held).toMatchObject({ newsletter: false, announcements: false, alerts: null });
  });

  it('a refused save shows the server’s reason in an alert and keeps the reader’s ticks', async () => {
    await open(`?t=${GOOD_TOKEN}`);
    refuse = { status: 422, message: 'Choose at least one change.' };
    fireEvent.click(box('announcements'));
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.save }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Choose at least one change.'));
    expect(box('announcements').checked).toBe(false);
    refuse = { status: 503, message: 'down' };
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.save }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PREFERENCE_TEXTS.saveFailed));
  });

  it('a bad token shows the bad-link text', async () => {
    await open('?t=forged&unsubscribe=1');
    expect(screen.getByRole('alert').textContent).toBe(PREFERENCE_TEXTS.badLink);
    expect(screen.queryByRole('button')).toBeNull();
    expect(writes()).toEqual([]);
  });

  it('a link without a token shows the bad-link text without asking the server', async () => {
    await open('');
    expect(screen.getByRole('alert').textContent).toBe(PREFERENCE_TEXTS.badLink);
    expect(calls).toEqual([]);
  });

  it('a failed load says so politely, then Try again loads the preferences', async () => {
    refuse = { status: 503, message: 'down' };
    window.history.replaceState(null, '', `/email/preferences?t=${GOOD_TOKEN}`);
    render(<EmailPreferences />);
    expect(screen.getByRole('status').textContent).toBe(PREFERENCE_TEXTS.loading);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(PREFERENCE_TEXTS.loadFailed));
    refuse = null;
    fireEvent.click(screen.getByRole('button', { name: PREFERENCE_TEXTS.tryAgain }));
    await waitFor(() => expect(box('newsletter').checked).toBe(true));
  });
});
