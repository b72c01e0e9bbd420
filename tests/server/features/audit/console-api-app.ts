/**
 * The app the console API tests call: a seeded universe, two staff members, a
 * reader, a client company and a listed one; and the checks they share.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AuditEntryRecord } from '../../../../src/lib/console-records.ts';
import { rowsOf } from '../../../../src/server/platform/db/client.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';
import { bearer, staffHeaders, verifiedUser } from '../../../helpers/accounts.ts';

export interface ConsoleApiApp {
  t: TestApp;
  staff: Record<string, string>;
  otherStaff: Record<string, string>;
  reader: Record<string, string>;
  /** A client company's symbol. */
  client: string;
  /** A listed company that is not a client. */
  listed: string;
}

export async function seedConsoleApi(): Promise<ConsoleApiApp> {
  const t = await createTestApp({ seedCompanies: 60 });
  const staff = await staffHeaders(t);
  const otherStaff = await staffHeaders(t, 'second-editor@example.com');
  const reader = bearer(await verifiedUser(t, 'reader@example.com'));
  const first = async (query: ReturnType<typeof sql>) =>
    String(Object.values(rowsOf<Record<string, unknown>>(await t.database.db.execute(query))[0]!)[0]);
  const client = await first(sql`select company_symbol from clients where active order by 1 limit 1`);
  const listed = await first(sql`select symbol from companies where not is_client order by symbol limit 1`);
  return { t, staff, otherStaff, reader, client, listed };
}

export const body = <T>(response: { body: unknown }) => (response.body as { data: T }).data;

/** The audit log's entries about one record, as staff read them. */
export function auditReader(app: () => Pick<ConsoleApiApp, 't' | 'staff'>) {
  return async function audit(kind: string, key: string): Promise<AuditEntryRecord[]> {
    const { t, staff } = app();
    const answer = await t.call('GET', `/api/tools/audit?kind=${kind}&key=${encodeURIComponent(key)}`, {
      headers: staff,
    });
    expect(answer.status).toBe(200);
    return (answer.body as { data: AuditEntryRecord[] }).data;
  };
}
