/**
 * The alerts API (docs/product.md §15.7, /api/alerts) as the islands call
 * it, and what a refused call tells the reader.
 */
import type { AlertSettings, AlertSettingsChange, CompanyAlertChange, CompanyAlertRule } from '../../lib/alerts.ts';
import { api, isHttpError, serverMessage } from '../api-client.ts';

/** The server's reason for a refusal it explains (a 4xx with a message), else the island's own text. */
export function failureText(error: unknown, fallback: string): string {
  if (!isHttpError(error)) return fallback;
  const message = serverMessage(error);
  return error.response.status < 500 && message ? message : fallback;
}

/** Whether the server refused the call itself: trying again cannot help, unlike a timeout or a rate limit. */
export function refused(error: unknown): boolean {
  if (!isHttpError(error)) return false;
  const { status } = error.response;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** A company's symbol in an address. */
const companyPath = (symbol: string) => `alerts/companies/${encodeURIComponent(symbol.toUpperCase())}`;

export const loadAlertSettings = () => api.get('alerts/settings').json<{ data: AlertSettings }>();

export const saveAlertSettings = (change: AlertSettingsChange) =>
  api.put('alerts/settings', { json: change }).json<{ data: AlertSettings; message: string }>();

export const loadCompanyRule = (symbol: string) => api.get(companyPath(symbol)).json<{ data: CompanyAlertRule }>();

export const saveCompanyRule = (symbol: string, change: CompanyAlertChange) =>
  api.put(companyPath(symbol), { json: change }).json<{ data: CompanyAlertRule; message: string }>();

/** The company goes back to the rule for all followed companies. */
export const resetCompanyRule = (symbol: string) =>
  api.delete(companyPath(symbol)).json<{ data: CompanyAlertRule; message: string }>();
