/**
 * The token the chat page hands to its frame (docs/product.md §13.6): short-lived,
 * good for the chat calls only, and signed by a key kept in the database so
 * every instance accepts what another minted. The session cookie itself
 * stays HttpOnly and never reaches a script. A token names the session it
 * was minted in and holds only while that session does: signing out, a
 * password change or reset, deleting the account and losing the staff role
 * all end it at once.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../platform/db/client.ts';
import { readMeta } from '../../platform/meta.ts';
import { appMeta } from '../../platform/tables.ts';
import { sessionIsOpen } from '../accounts/index.ts';

/** How long a chat token lasts: the frame asks for a new one when it runs out. */
export const CHAT_TOKEN_SECONDS = 600;

const KEY_META = 'chat_token_key';
const AUDIENCE = 'redchat';
const SCOPE = 'chat';
const keys = new WeakMap<Db, Promise<Uint8Array>>();

/** The signing key: made once (the first instance to ask wins), then read. */
function signingKey(db: Db): Promise<Uint8Array> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insert(appMeta)
        .values({ key: KEY_META, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const stored = await readMeta<string>(db, KEY_META);
      return Buffer.from(stored!, 'base64url');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

export async function mintChatToken(db: Db, session: { userId: number; sessionId: number }): Promise<string> {
  return new SignJWT({ scope: SCOPE, sid: session.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(session.userId))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CHAT_TOKEN_SECONDS}s`)
    .sign(await signingKey(db));
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** The user a chat token speaks for, or null when it is not a live chat token of ours or its session has ended. */
export async function chatTokenUser(db: Db, token: string): Promise<number | null> {
  let claims: { scope?: unknown; sub?: unknown; sid?: unknown };
  try {
    ({ payload: claims } = await jwtVerify(token, await signingKey(db), { audience: AUDIENCE, algorithms: ['HS256'] }));
  } catch {
    return null;
  }
  const userId = Number(claims.sub);
  if (claims.scope !== SCOPE || !isId(userId) || !isId(claims.sid)) return null;
  return (await sessionIsOpen(db, claims.sid, userId)) ? userId : null;
}
