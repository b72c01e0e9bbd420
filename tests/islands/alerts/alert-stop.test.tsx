import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES, ALERT_SETTINGS_PATH, ALERT_TEXT } from '../../../src/lib/alerts.ts';
import { Refused, calls, gate, reset, routes, writes } from './fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('./fake-api.ts')).fakeClient);

const { default: AlertStop } = await import('../../../src/islands/alerts/AlertStop.tsx');

const TOKEN = 'signed-token';
const DESCRIPTION = 'News about the company alerts for ABCD by email';

const open = async (search: string) => {
  window.history.replaceState(null, '', `/alerts/stop/${search}`);
  render(<AlertStop />);
  await act(async () => {});
};
const byToken = (handler: () => unknown) => (call: { options?: { searchParams?: unknown } }) => {
  if ((call.options?.searchParams as { t?: string } | undefined)?.t !== TOKEN) {
    throw new Refused(400, ALERT_MESSAGES.stopInvalid);
  }
  return handler();
};

beforeEach(() => {
  reset();
  routes.set(
    'GET alerts/stop',
    byToken(() => ({ data: { description: DESCRIPTION, done: false } })),
  );
  routes.set(
    'POST alerts/stop',
    byToken(() => ({ data: { description: DESCRIPTION, done: true }, message: ALERT_MESSAGES.stopped(DESCRIPTION) })),
  );
});
afterEach(cleanup);

describe('the stop page', () => {
  it('opening the link only reads what it stops', async () => {
    await open(`?t=${TOKEN}`);
    expect(screen.getByTestId('alert-stop-description').textContent).toBe(DESCRIPTION);
    expect(screen.getByRole('button', { name: ALERT_TEXT.stopButton })).toBeTruthy();
    expect(calls).toEqual([{ method: 'GET', path: 'alerts/stop', options: { searchParams: { t: TOKEN } } }]);
  });

  it('Stop these alerts posts once, says so while it works, then confirms with a link to the settings', async () => {
    await open(`?t=${TOKEN}`);
    let release!: () => void;
    gate.hold = new Promise((resolve) => (release = resolve));
    fireEvent.click(screen.getByRole('button', { name: ALERT_TEXT.stopButton }));
    expect(screen.getByRole('button', { name: ALERT_TEXT.stopping })).toHaveProperty('disabled', true);
    await act(async () => release());
    const done = screen.getByText(`You will no longer get ${DESCRIPTION}.`);
    expect(writes()).toEqual([{ method: 'POST', path: 'alerts/stop', options: { searchParams: { t: TOKEN } } }]);
    expect(document.activeElement?.contains(done)).toBe(true);
    expect(screen.getByRole('link', { name: ALERT_TEXT.openSettings }).getAttribute('href')).toBe(ALERT_SETTINGS_PATH);
  });

  it('a link the server refuses shows its message', async () => {
    await open('?t=forged');
    expect(screen.getByRole('alert').textContent).toBe(ALERT_MESSAGES.stopInvalid);
    expect(screen.queryByRole('button', { name: ALERT_TEXT.stopButton })).toBeNull();
    expect(screen.getByRole('link', { name: ALERT_TEXT.openSettings })).toBeTruthy();
  });

  it('a link without a token is not valid, and nothing is asked', async () => {
    await open('');
    expect(screen.getByRole('alert').textContent).toBe(ALERT_MESSAGES.stopInvalid);
    expect(calls).toEqual([]);
  });

  it('a failed read offers Retry', async () => {
    routes.set('GET alerts/stop', () => {
      throw new Error('offline');
    });
    await open(`?t=${TOKEN}`);
    expect(screen.getByText(ALERT_TEXT.stopLoadFailed)).toBeTruthy();
    routes.set('GET alerts/stop', () => ({ data: { description: DESCRIPTION, done: false } }));
    fireEvent.click(screen.getByRole('button', { name: ALERT_TEXT.retry }));
    await act(async () => {});
    expect(screen.getByTestId('alert-stop-description').textContent).toBe(DESCRIPTION);
  });
});
