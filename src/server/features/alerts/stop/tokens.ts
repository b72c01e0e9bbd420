/**
 * Stop links (docs/product.md §15.8): each alert email says how to stop
 * what it is about, without signing in. The token names the reader and what
 * to stop, signed with the database's mail-link key (signToken) under a purpose of its
 * own (a newsletter's unsubscribe token is never a stop token, nor the
 * other way round). It does not expire: an old email's link still works.
 */
import type { KeyObject } from 'node:crypto';
import { ALERTS_STOP_PATH, isCompanyAlertKind, type CompanyAlertKind } from '../../../../lib/alerts.ts';
import { readToken, signToken } from '../../email/index.ts';

/** What a stop link stops. */
export type StopTarget =
  /** A kind for one followed company (`symbol` null: for all followed companies without a rule of their own). */
  | { type: 'kind'; kind: CompanyAlertKind; symbol: string | null }
  /** A saved screen's alerts. */
  | { type: 'screen'; screenId: number }
  /** Alert emails altogether (a digest's link). */
  | { type: 'email' };

export interface StopSubject {
  userId: number;
  target: StopTarget;
}

const PURPOSE = 'alert-stop';

function encode({ userId, target }: StopSubject): unknown[] {
  if (target.type === 'kind') return [userId, 'k', target.kind, target.symbol];
  if (target.type === 'screen') return [userId, 's', target.screenId];
  return [userId, 'e'];
}

export function signStop(secret: KeyObject, subject: StopSubject): string {
  return signToken(secret, PURPOSE, encode(subject));
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** The subject of a stop token this database signed; null for anything else. */
export function readStop(secret: KeyObject, token: string): StopSubject | null {
  const value = readToken(secret, PURPOSE, token, 500);
  if (!Array.isArray(value) || !isId(value[0])) return null;
  const [userId, type, a, b] = value as [number, unknown, unknown, unknown];
  if (type === 'e' && value.length === 2) return { userId, target: { type: 'email' } };
  if (type === 's' && value.length === 3 && isId(a)) return { userId, target: { type: 'screen', screenId: a } };
  if (type === 'k' && value.length === 4 && isCompanyAlertKind(a) && (b === null || typeof b === 'string'))
    return { userId, target: { type: 'kind', kind: a, symbol: b } };
  return null;
}

/** The stop page a person opens (it asks before stopping), and the one-click address mail providers POST to. */
export function stopLinks(siteUrl: string, token: string): { page: string; oneClick: string } {
  return {
    page: `${siteUrl}${ALERTS_STOP_PATH}?t=${token}`,
    oneClick: `${siteUrl}/api/alerts/stop?t=${token}`,
  };
}
