import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALERT_MESSAGES,
  ALERT_TEXT,
  COMPANY_ALERT_KINDS,
  alertKindLabel,
  type CompanyAlertRule,
} from '../../../src/lib/alerts.ts';
import { reset, routes, writes } from './fake-api.ts';

vi.mock('../../../src/islands/api-client.ts', async () => (await import('./fake-api.ts')).fakeClient);

const { clearSession, setSession } = await import('../../../src/stores/session.ts');
const { $snackbar } = await import('../../../src/stores/snackbar.ts');
const { default: CompanyAlertButton } = await import('../../../src/islands/alerts/CompanyAlertButton.tsx');

const rule: CompanyAlertRule = {
  symbol: 'ACME',
  name: 'Acme Corp',
  followed: true,
  custom: false,
  kinds: [...COMPANY_ALERT_KINDS],
  priceThreshold: 10,
};

const bell = () => screen.getByRole('button', { name: ALERT_TEXT.companyButton('Acme Corp') });
const dialog = async () => within(await screen.findByRole('dialog', { name: ALERT_TEXT.companyDialog('ACME') }));
const openDialog = async () => {
  render(<CompanyAlertButton symbol="ACME" name="Acme Corp" />);
  await act(async () => {});
  fireEvent.click(bell());
  const shown = await dialog();
  await act(async () => {});
  return shown;
};

beforeEach(() => {
  reset();
  setSession({
    email: 'reader@example.com',
    phone: '',
    username: 'Reader',
    messagePreference: 'email',
    googleUser: false,
    isVerified: true,
  });
  routes.set('GET alerts/companies/ACME', () => ({ data: rule }));
  routes.set('GET stock/favorites', () => ({ data: [] }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the company page’s alerts bell', () => {
  it('sends a guest to log in', async () => {
    clearSession();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    render(<CompanyAlertButton symbol="ACME" name="Acme Corp" />);
    fireEvent.click(bell());
    expect(assign).toHaveBeenCalledWith('/login');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the company’s kinds and threshold, and Save keeps kinds of its own', async () => {
    routes.set('PUT alerts/companies/ACME', ({ options }) => ({
      data: { ...rule, custom: true, ...(options?.json as object) },
      message: ALERT_MESSAGES.companySaved('ACME'),
    }));
    const shown = await openDialog();
    expect(shown.getByText(ALERT_TEXT.companyUsesDefaults)).toBeTruthy();
    fireEvent.click(shown.getByRole('checkbox', { name: alertKindLabel('low-52w') }));
    fireEvent.change(shown.getByLabelText(ALERT_TEXT.threshold), { target: { value: '25' } });
    fireEvent.click(shown.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([
      {
        method: 'PUT',
        path: 'alerts/companies/ACME',
        options: { json: { kinds: COMPANY_ALERT_KINDS.filter((k) => k !== 'low-52w'), priceThreshold: 25 } },
      },
    ]);
    expect($snackbar.get()?.text).toBe('Alerts for ACME saved.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
  });

  it('names the daily move after the threshold as it is typed, keeping the last whole percentage meanwhile', async () => {
    routes.set('GET alerts/companies/ACME', () => ({ data: { ...rule, custom: true, priceThreshold: 15 } }));
    const shown = await openDialog();
    const threshold = shown.getByLabelText(ALERT_TEXT.threshold);
    const moveLabel = () => shown.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent ?? '');
    expect(moveLabel()).toContain(alertKindLabel('price-move', 15));
    fireEvent.change(threshold, { target: { value: '' } });
    expect(moveLabel()).toContain(alertKindLabel('price-move', 15));
    fireEvent.change(threshold, { target: { value: '7' } });
    expect(moveLabel()).toContain(alertKindLabel('price-move', 7));
    fireEvent.change(threshold, { target: { value: '150' } });
    expect(moveLabel()).toContain(alertKindLabel('price-move', 7));
  });

  it('a threshold out of range is not sent', async () => {
    const shown = await openDialog();
    fireEvent.change(shown.getByLabelText(ALERT_TEXT.threshold), { target: { value: '0' } });
    fireEvent.click(shown.getByRole('button', { name: ALERT_TEXT.save }));
    await act(async () => {});
    expect(writes()).toEqual([]);
    expect(shown.getByText(ALERT_MESSAGES.thresholdInvalid)).toBeTruthy();
  });

  it('Use my defaults deletes the company’s own rule', async () => {
    routes.set('GET alerts/companies/ACME', () => ({ data: { ...rule, custom: true, kinds: ['news'] } }));
    routes.set('DELETE alerts/companies/ACME', () => ({ data: rule, message: ALERT_MESSAGES.companyDefaults('ACME') }));
    const shown = await openDialog();
    expect((shown.getByRole('checkbox', { name: alertKindLabel('news') }) as HTMLInputElement).checked).toBe(true);
    expect((shown.getByRole('checkbox', { name: alertKindLabel('ownership') }) as HTMLInputElement).checked).toBe(
      false,
    );
    fireEvent.click(shown.getByRole('button', { name: ALERT_TEXT.useDefaults }));
    await act(async () => {});
    expect(writes()).toEqual([{ method: 'DELETE', path: 'alerts/companies/ACME', options: undefined }]);
    expect($snackbar.get()?.text).toBe('ACME uses your alerts for all followed companies.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says that saving follows a company not followed yet', async () => {
    routes.set('GET alerts/companies/ACME', () => ({ data: { ...rule, followed: false } }));
    const shown = await openDialog();
    expect(shown.getByText(ALERT_TEXT.companyNotFollowed('Acme Corp'))).toBeTruthy();
  });

  it('Cancel and Escape close it without saving, and the focus goes back to the bell', async () => {
    const shown = await openDialog();
    fireEvent.click(shown.getByRole('button', { name: ALERT_TEXT.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());

    fireEvent.click(bell());
    await dialog();
    const element = screen.getByTestId('company-alerts-dialog');
    fireEvent(element, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(bell());
    expect(writes()).toEqual([]);
  });

  it('a failed load offers Retry', async () => {
    routes.set('GET alerts/companies/ACME', () => {
      throw new Error('offline');
    });
    const shown = await openDialog();
    expect(shown.getByText(ALERT_TEXT.companyLoadFailed)).toBeTruthy();
    routes.set('GET alerts/companies/ACME', () => ({ data: rule }));
    fireEvent.click(shown.getByRole('button', { name: ALERT_TEXT.retry }));
    await act(async () => {});
    expect(shown.getByLabelText(ALERT_TEXT.threshold)).toBeTruthy();
  });
});
