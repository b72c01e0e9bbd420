import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '../../../src/lib/alerts.ts';
import type { NotificationRecord } from '../../../src/lib/console-records.ts';
import { reset, routes, writes } from '../alerts/fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('../alerts/fake-api.ts')).fakeClient);

const { default: NotificationCentre } = await import('../../../src/islands/notifications/NotificationCentre.tsx');

const now = new Date().toISOString();
const alert = (id: number, title: string, link: string, read = false): Alert => ({
  id,
  kind: 'price-move',
  symbol: 'ABCD',
  title,
  body: 'Last $4.12',
  link,
  createdAt: now,
  read,
});
const announcement: NotificationRecord = {
  id: 5,
  message: 'Earnings season starts',
  objectType: 'news',
  objectId: '1',
  link: '/news/1',
  createdAt: now,
  read: false,
};

let alerts: Alert[];
let alertsUnread: number;

const open = async () => {
  render(<NotificationCentre />);
  await act(async () => {});
  fireEvent.click(screen.getByTestId('notification-bell'));
  await act(async () => {});
  return within(screen.getByRole('dialog', { name: 'Notifications' }));
};

beforeEach(() => {
  reset();
  alerts = [
    alert(2, 'ABCD up 14.2% today', '/stocks/ABCD'),
    alert(1, 'ABCD filed an 8-K', 'https://www.sec.gov/Archives/edgar/data/1/0001.htm', true),
  ];
  alertsUnread = 1;
  routes.set('GET alerts', () => ({ data: alerts, unread: alertsUnread }));
  routes.set('GET notifications', () => ({ data: [announcement], unread: 1 }));
  routes.set('POST alerts/read-all', () => ({ data: { unread: 0 } }));
});
afterEach(cleanup);

describe('the bell’s Alerts and Announcements tabs', () => {
  it('counts both lists’ unread and opens on the alerts when some are unread', async () => {
    render(<NotificationCentre />);
    await act(async () => {});
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 2 unread');
    fireEvent.click(screen.getByTestId('notification-bell'));
    await act(async () => {});
    const panel = within(screen.getByRole('dialog', { name: 'Notifications' }));
    expect(panel.getByRole('tab', { name: /^Alerts/ }).getAttribute('aria-selected')).toBe('true');
    const links = panel.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/stocks/ABCD',
      'https://www.sec.gov/Archives/edgar/data/1/0001.htm',
    ]);
    expect(links[0]!.textContent).toContain('ABCD up 14.2% today');
    expect(links[0]!.hasAttribute('data-unread')).toBe(true);
  });

  it('opens on the announcements when only they are unread, and the tabs switch with the arrow keys', async () => {
    alertsUnread = 0;
    alerts = alerts.map((a) => ({ ...a, read: true }));
    const panel = await open();
    const announcements = panel.getByRole('tab', { name: /^Announcements/ });
    expect(announcements.getAttribute('aria-selected')).toBe('true');
    expect(panel.getByRole('link', { name: /Earnings season starts/ }).getAttribute('href')).toBe('/news/1');
    fireEvent.keyDown(announcements, { key: 'ArrowLeft' });
    expect(panel.getByRole('tab', { name: /^Alerts/ }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(panel.getByRole('tab', { name: /^Alerts/ }));
    expect(panel.getByRole('link', { name: /ABCD up 14.2% today/ })).toBeTruthy();
  });

  it('Mark all read marks the open tab’s list only', async () => {
    const panel = await open();
    fireEvent.click(panel.getByRole('button', { name: 'Mark all read' }));
    await act(async () => {});
    expect(writes()).toEqual([{ method: 'POST', path: 'alerts/read-all', options: { context: { background: true } } }]);
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });

  it('a failed alerts list says so with Retry, and the announcements still count', async () => {
    routes.set('GET alerts', () => {
      throw new Error('offline');
    });
    alertsUnread = 0;
    const panel = await open();
    fireEvent.click(panel.getByRole('tab', { name: /^Alerts/ }));
    expect(panel.getByText('Failed to load alerts.')).toBeTruthy();
    routes.set('GET alerts', () => ({ data: [], unread: 0 }));
    fireEvent.click(panel.getByRole('button', { name: 'Retry' }));
    await act(async () => {});
    expect(panel.getByText('No alerts yet')).toBeTruthy();
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
  });
});
