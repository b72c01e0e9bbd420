import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_MESSAGES,
  ALERT_TEXT,
  COMPANY_ALERT_KINDS,
  DEFAULT_ALERT_SETTINGS,
  alertKindLabel,
  type AlertSettings,
  type CompanyAlertRule,
} from '../../../src/lib/alerts.ts';
import { Refused, calls, gate, reset, routes, writes } from './fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('./fake-api.ts')).fakeClient);

const { default: AlertSettingsPage } = await import('../../../src/islands/alerts/AlertSettingsPage.tsx');

const acme: CompanyAlertRule = {
  symbol: 'ACME',
  name: 'Acme Corp',
  followed: true,
  custom: false,
  kinds: [...COMPANY_ALERT_KINDS],
  priceThreshold: 10,
};

let held: AlertSettings;

const open = async () => {
  render(<AlertSettingsPage />);
  await act(async () => {});
};
const section = (testId: string) => within(screen.getByTestId(testId));

beforeEach(() => {
  reset();
  held = {
    ...DEFAULT_ALERT_SETTINGS,
    kinds: [...DEFAULT_ALERT_SETTINGS.kinds],
    smsKinds: [...DEFAULT_ALERT_SETTINGS.smsKinds],
    companies: [acme],
    screens: [{ id: 7, name: 'Cheap biotech', alert: false }],
  };
  routes.set('GET alerts/settings', () => ({ data: held }));
  routes.set('PUT alerts/settings', ({ options }) => {
    held = { ...held, ...(options?.json as Partial<AlertSettings>) };
    return { data: held, message: ALERT_MESSAGES.settingsSaved };
  });
});
afterEach(cleanup);

describe('the Alerts settings tab', () => {
  it('says it is loading, then shows the reader’s settings', async () => {
    let release!: () => void;
    gate.hold = new Promise((resolve) => (release = resolve));
    render(<AlertSettingsPage />);
    expect(screen.getByRole('status').textContent).toBe(ALERT_TEXT.loading);
    await act(async () => release());
    expect((screen.getByRole('radio', { name: ALERT_TEXT.emailModes.instant }) as HTMLInputElement).checked).toBe(true);
    const all = section('alert-all-followed');
    expect((all.getByRole('checkbox', { name: alertKindLabel('price-move', 10) }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((all.getByLabelText(ALERT_TEXT.threshold) as HTMLInputElement).value).toBe('10');
    expect(section('alert-companies').getByText('Acme Corp')).toBeTruthy();
  });

  it('a failed load offers Retry, which loads again', async () => {
    routes.set('GET alerts/settings', () => {
      throw new Error('offline');
    });
    await open();
    expect(screen.getByText(ALERT_TEXT.loadFailed)).toBeTruthy();
    routes.set('GET alerts/settings', () => ({ data: held }));
    fireEvent.click(screen.getByRole('button', { name: ALERT_TEXT.retry }));
    await act(async () => {});
    expect(screen.getByTestId('alert-channels')).toBeTruthy();
  });

  it('saves the channels: a daily digest at an Eastern hour, quiet hours, push', async () => {
    await open();
    const channels = section('alert-channels');
    fireEvent.click(channels.getByRole('radio', { name: ALERT_TEXT.emailModes.digest }));
    fireEvent.change(channels.getByLabelText(ALERT_TEXT.digestHour), { target: { value: '18' } });
    fireEvent.click(channels.getByRole('checkbox', { name: ALERT_TEXT.quietHoursLabel }));
    fireEvent.change(channels.getByLabelText(ALERT_TEXT.quietFrom), { target: { value: '23' } });
    fireEvent.change(channels.getByLabelText(ALERT_TEXT.quietUntil), { target: { value: '6' } });
    fireEvent.click(channels.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: 'alerts/settings',
        options: {
          json: {
            email: 'digest',
            digestHour: 18,
            sms: false,
            smsKinds: ['filing-current', 'price-move'],
            push: true,
            quietHours: { start: 23, end: 6 },
          },
        },
      },
    ]);
    expect(channels.getByText(ALERT_MESSAGES.settingsSaved)).toBeTruthy();
  });

  it('quiet hours that start and end at the same hour are not sent', async () => {
    await open();
    const channels = section('alert-channels');
    fireEvent.click(channels.getByRole('checkbox', { name: ALERT_TEXT.quietHoursLabel }));
    fireEvent.change(channels.getByLabelText(ALERT_TEXT.quietFrom), { target: { value: '7' } });
    fireEvent.change(channels.getByLabelText(ALERT_TEXT.quietUntil), { target: { value: '7' } });
    fireEvent.click(channels.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([]);
    expect(channels.getByRole('alert').textContent).toBe(ALERT_MESSAGES.quietHoursInvalid);
  });

  it('text messages without a phone number show the server’s reason', async () => {
    routes.set('PUT alerts/settings', () => {
      throw new Refused(400, ALERT_MESSAGES.needsPhone);
    });
    await open();
    const channels = section('alert-channels');
    fireEvent.click(channels.getByRole('checkbox', { name: ALERT_TEXT.smsLabel }));
    fireEvent.click(channels.getByRole('checkbox', { name: alertKindLabel('news') }));
    fireEvent.click(channels.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()[0]?.options?.json).toMatchObject({ sms: true, smsKinds: ['filing-current', 'news', 'price-move'] });
    expect(channels.getByRole('alert').textContent).toBe(ALERT_MESSAGES.needsPhone);
    // The message takes the reader where a phone number is added.
    const profile = within(channels.getByRole('alert')).getByRole('link', { name: 'Profile Info' });
    expect(profile.getAttribute('href')).toBe('/settings/Profile_Info');
  });

  it('the text-message kinds name the daily move threshold as it is typed for all followed companies', async () => {
    await open();
    const channels = section('alert-channels');
    fireEvent.click(channels.getByRole('checkbox', { name: ALERT_TEXT.smsLabel }));
    expect(channels.getByRole('checkbox', { name: alertKindLabel('price-move', 10) })).toBeTruthy();
    const all = section('alert-all-followed');
    fireEvent.change(all.getByLabelText(ALERT_TEXT.threshold), { target: { value: '25' } });
    expect(all.getByRole('checkbox', { name: alertKindLabel('price-move', 25) })).toBeTruthy();
    expect(channels.getByRole('checkbox', { name: alertKindLabel('price-move', 25) })).toBeTruthy();
  });

  it('the all-followed rule refuses a threshold that is not a whole percentage from 1 to 100', async () => {
    await open();
    const all = section('alert-all-followed');
    const threshold = all.getByLabelText(ALERT_TEXT.threshold);
    fireEvent.change(threshold, { target: { value: '150' } });
    fireEvent.click(all.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([]);
    expect(all.getByText(ALERT_MESSAGES.thresholdInvalid)).toBeTruthy();
    expect(threshold.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(threshold, { target: { value: '15' } });
    fireEvent.click(all.getByRole('checkbox', { name: alertKindLabel('news', 15) }));
    fireEvent.click(all.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: 'alerts/settings',
        options: { json: { kinds: COMPANY_ALERT_KINDS.filter((k) => k !== 'news'), priceThreshold: 15 } },
      },
    ]);
  });

  it('a followed company gets kinds of its own, then goes back to the all-followed rule', async () => {
    routes.set('PUT alerts/companies/ACME', ({ options }) => ({
      data: { ...acme, custom: true, ...(options?.json as object) },
      message: ALERT_MESSAGES.companySaved('ACME'),
    }));
    routes.set('DELETE alerts/companies/ACME', () => ({
      data: acme,
      message: ALERT_MESSAGES.companyDefaults('ACME'),
    }));
    await open();
    const row = within(screen.getByTestId('alert-company'));
    expect((row.getByRole('radio', { name: ALERT_TEXT.sameAsAll }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(row.getByRole('radio', { name: ALERT_TEXT.custom }));
    fireEvent.click(row.getByRole('checkbox', { name: alertKindLabel('insider-sell') }));
    fireEvent.change(row.getByLabelText(ALERT_TEXT.threshold), { target: { value: '20' } });
    fireEvent.click(row.getByRole('button', { name: `${ALERT_TEXT.save} ACME` }));
    await act(async () => {});
    expect(writes().at(-1)).toEqual({
      method: 'PUT',
      path: 'alerts/companies/ACME',
      options: { json: { kinds: COMPANY_ALERT_KINDS.filter((k) => k !== 'insider-sell'), priceThreshold: 20 } },
    });
    expect(row.getByText(ALERT_MESSAGES.companySaved('ACME'))).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: `${ALERT_TEXT.reset} ACME` }));
    await act(async () => {});
    expect(writes().at(-1)).toMatchObject({ method: 'DELETE', path: 'alerts/companies/ACME' });
    expect(row.getByText(ALERT_MESSAGES.companyDefaults('ACME'))).toBeTruthy();
    expect((row.getByRole('radio', { name: ALERT_TEXT.sameAsAll }) as HTMLInputElement).checked).toBe(true);
    expect(row.queryByRole('button', { name: `${ALERT_TEXT.reset} ACME` })).toBeNull();
  });

  it('with no followed companies it says how to follow one', async () => {
    held = { ...held, companies: [] };
    await open();
    expect(section('alert-companies').getByText(ALERT_TEXT.followedNone)).toBeTruthy();
  });

  it('a saved screen’s alert switch is saved as it changes, with the server’s message', async () => {
    routes.set('PUT screens/7/alert', ({ options }) => {
      const { alert } = options?.json as { alert: boolean };
      return {
        data: { id: 7, name: 'Cheap biotech', alert },
        message: (alert ? ALERT_MESSAGES.screenOn : ALERT_MESSAGES.screenOff)('Cheap biotech'),
      };
    });
    await open();
    const screens = section('alert-screens');
    const toggle = screens.getByRole('switch', { name: ALERT_TEXT.screenSwitch('Cheap biotech') }) as HTMLInputElement;
    fireEvent.click(toggle);
    await act(async () => {});
    expect(writes()).toEqual([{ method: 'PUT', path: 'screens/7/alert', options: { json: { alert: true } } }]);
    expect(toggle.checked).toBe(true);
    expect(screens.getByText('Alerts on for “Cheap biotech”.')).toBeTruthy();
  });

  it('a browser without push says so and offers no button', async () => {
    await open();
    const device = section('alert-device');
    expect(device.getByText(ALERT_TEXT.deviceUnsupported)).toBeTruthy();
    expect(device.queryByRole('button')).toBeNull();
    expect(calls.filter((c) => c.path.startsWith('alerts/push'))).toEqual([]);
  });
});
