import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVED_SCREENS_MAX } from '../../../../src/lib/saved-screens.ts';
import { savedScreens, users } from '../../../../src/server/schema.ts';
import { bearer, verifiedUser } from '../../../helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

let t: TestApp;
let ada: Record<string, string>;
let grace: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ada = bearer(await verifiedUser(t, 'ada.screens@example.com'));
  grace = bearer(await verifiedUser(t, 'grace.screens@example.com'));
});
afterAll(() => t.close());

const save = (headers: Record<string, string>, json: Record<string, unknown>) =>
  t.call('POST', '/api/screens', { headers, json });
const list = async (headers: Record<string, string>) =>
  ((await t.call('GET', '/api/screens', { headers })).body as { data: { id: number; name: string; query: string }[] })
    .data;

describe('saved screens', () => {
  it('keep a screen as the screener reads it: unknown filters and bad values dropped, on its first page', async () => {
    const saved = await save(ada, {
      name: ' Movers in manufacturing ',
      query: '?sector=manufacturing&sort=change_pre&dir=desc&page=4&nonsense=1&Price=cheap',
      columns: ['symbol', 'name', 'change_pre', 'volume'],
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      data: { name: 'Movers in manufacturing', query: 'sector=manufacturing&sort=change_pre&dir=desc' },
    });
    const data = (saved.body as { data: { columns: string[] } }).data;
    expect(data.columns).toEqual(expect.arrayContaining(['symbol', 'change_pre', 'volume']));
    expect((await list(ada)).map((s) => s.name)).toEqual(['Movers in manufacturing']);
  });

  it('refuses a second screen of the same name in any case, a missing name and columns the screener has not', async () => {
    const again = await save(ada, { name: 'MOVERS IN MANUFACTURING', query: '', columns: [] });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You already have a screen named “MOVERS IN MANUFACTURING”.' });
    const unnamed = await save(ada, { name: '  ', query: '', columns: [] });
    expect(unnamed.status).toBe(400);
    expect(JSON.stringify(unnamed.body)).toContain('Name the screen to save it.');
    expect((await save(ada, { name: 'Odd', query: '', columns: ['secret_column'] })).status).toBe(400);
    expect((await save(ada, { name: 'Long', query: 'x'.repeat(2001), columns: [] })).status).toBe(400);
    expect(await list(ada)).toHaveLength(1);
  });

  it('keep one name however it was composed, and refuse names that hide characters', async () => {
    const composed = await save(ada, { name: 'Caf\u00e9 stocks', query: '', columns: [] });
    expect(composed.status).toBe(201);
    const decomposed = await save(ada, { name: 'Cafe\u0301 stocks', query: '', columns: [] });
    expect(decomposed.status).toBe(409);
    expect(decomposed.body).toEqual({ message: 'You already have a screen named “Caf\u00e9 stocks”.' });
    const stored = await t.database.db.select({ name: savedScreens.name }).from(savedScreens);
    expect(stored.map((s) => s.name)).toContain('Caf\u00e9 stocks');
    for (const name of [
      'Lithium\u202E gnp.exe',
      'Li\u200Bthium',
      '\u2066Biotech\u2069',
      'Soft\u00ADhyphen',
      'B\uFEFFOM',
      '\u200D',
      'Word\u2060joiner',
      '\u3164',
    ]) {
      const refused = await save(ada, { name, query: '', columns: [] });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain('A screen name cannot hold invisible characters');
    }
    // Joiners inside an emoji sequence or a word of a script that needs them are writing, not hiding.
    expect((await save(ada, { name: 'Lab \u{1F9D1}\u200D\u{1F52C} picks', query: '', columns: [] })).status).toBe(201);
    expect((await save(ada, { name: 'می\u200Cخواهم', query: '', columns: [] })).status).toBe(201);
    const renamed = await t.call('PATCH', `/api/screens/${(composed.body as { data: { id: number } }).data.id}`, {
      headers: ada,
      json: { name: 'Caf\u00e9\u200B' },
    });
    expect(renamed.status).toBe(400);
    for (const screen of await list(ada))
      if (screen.name !== 'Movers in manufacturing')
        await t.call('DELETE', `/api/screens/${screen.id}`, { headers: ada });
  });

  it('are renamed and deleted by their reader only; another reader neither sees nor touches them', async () => {
    const [screen] = await list(ada);
    expect(await list(grace)).toEqual([]);
    expect(
      (await t.call('PATCH', `/api/screens/${screen!.id}`, { headers: grace, json: { name: 'Mine' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', `/api/screens/${screen!.id}`, { headers: grace })).status).toBe(404);
    // Grace may use the same name for a screen of her own.
    expect((await save(grace, { name: 'Movers in manufacturing', query: '', columns: [] })).status).toBe(201);

    const renamed = await t.call('PATCH', `/api/screens/${screen!.id}`, {
      headers: ada,
      json: { name: 'Manufacturing movers' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ data: { name: 'Manufacturing movers', query: screen!.query } });
    expect((await t.call('PATCH', `/api/screens/${screen!.id}`, { headers: ada, json: {} })).status).toBe(400);
    expect((await t.call('DELETE', `/api/screens/${screen!.id}`, { headers: ada })).status).toBe(200);
    expect((await t.call('DELETE', `/api/screens/${screen!.id}`, { headers: ada })).status).toBe(404);
    expect(await list(ada)).toEqual([]);
  });

  it('are for signed-in readers, and each keeps a bounded number', async () => {
    expect((await t.call('GET', '/api/screens')).status).toBe(401);
    expect((await t.call('POST', '/api/screens', { json: { name: 'x', query: '', columns: [] } })).status).toBe(401);
    for (let i = 0; i < SAVED_SCREENS_MAX; i++) {
      expect((await save(ada, { name: `Screen ${i}`, query: '', columns: [] })).status).toBe(201);
    }
    const over = await save(ada, { name: 'One more', query: '', columns: [] });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({
      message: `You can keep up to ${SAVED_SCREENS_MAX} screens. Delete one to save another.`,
    });
    const rows = await t.database.db.select().from(savedScreens);
    expect(rows.filter((row) => row.name.startsWith('Screen '))).toHaveLength(SAVED_SCREENS_MAX);
  });
});

describe('names saved before they were composed', () => {
  it('are composed by the migration, unless the reader has a screen of the composed name already', async () => {
    const [reader] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'grace.screens@example.com'));
    const rows = { userId: reader!.id, query: '', columns: [] as string[] };
    await t.database.db.insert(savedScreens).values([
      { ...rows, name: 'Re\u0301sume\u0301 picks' },
      { ...rows, name: 'Nai\u0308ve value' },
      { ...rows, name: 'Na\u00efve value' },
    ]);
    const migration = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../drizzle/0018_saved_screen_names.sql'),
      'utf8',
    );
    await t.database.db.execute(sql.raw(migration));
    const names = (await list(grace)).map((s) => s.name);
    expect(names).toContain('R\u00e9sum\u00e9 picks');
    // Its composed name was taken by another of the reader's screens: it stays as it was.
    expect(names).toEqual(expect.arrayContaining(['Na\u00efve value', 'Nai\u0308ve value']));
  });
});
