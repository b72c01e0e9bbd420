/**
 * The alerts API (docs/product.md §15.7, /api/alerts) as the islands call
 * it.
 */
import type { AlertSettings, AlertSettingsChange, CompanyAlertChange, CompanyAlertRule } from '../../lib/alerts.ts';
import { api } from '../api-client.ts';

/** A company's symbol in an address. */
const companyPath = (symbol: string) => `alerts/companies/${encodeURIComponent(symbol.toUpperCase())}`;

export const loadAlertSettings = () =>
  api
    .get('alerts/settings')
    .json<{ data: AlertSettings }>()
    .then(({ data }) => data);

export const saveAlertSettings = (change: AlertSettingsChange) =>
  api.put('alerts/settings', { json: change }).json<{ data: AlertSettings; message: string }>();

export const loadCompanyRule = (symbol: string) =>
  api
    .get(companyPath(symbol))
    .json<{ data: CompanyAlertRule }>()
    .then(({ data }) => data);

export const saveCompanyRule = (symbol: string, change: CompanyAlertChange) =>
  api.put(companyPath(symbol), { json: change }).json<{ data: CompanyAlertRule; message: string }>();

/** The company goes back to the rule for all followed companies. */
export const resetCompanyRule = (symbol: string) =>
  api.delete(companyPath(symbol)).json<{ data: CompanyAlertRule; message: string }>();
