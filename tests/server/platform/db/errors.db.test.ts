import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../src/server/platform/db/client.ts';
import { classifyDatabaseError } from '../../../../src/server/platform/db/errors.ts';
import { createTestDatabase, type TestDatabase } from '../../../helpers/database.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const failureOf = async (query: ReturnType<typeof sql>) => {
  try {
    await t.database.db.execute(query);
    return null;
  } catch (error) {
    return classifyDatabaseError(error);
  }
};

describe('what a database failure means', () => {
  it('a value the column cannot hold is bad input', async () => {
    expect(await failureOf(sql`select ${'a\u0000b'}::text`)).toBe('invalid-input');
    expect(await failureOf(sql`select ${'2147483648'}::int`)).toBe('invalid-input');
  });

  it('a bug in a statement is neither', async () => {
    expect(await failureOf(sql`select * from no_such_table`)).toBeNull();
  });

  it.runIf(process.env.TEST_DB_DRIVER === 'postgres')(
    'a statement past its timeout means the database is busy',
    async () => {
      const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
      const name = `t_timeout_${randomBytes(4).toString('hex')}`;
      await admin.unsafe(`create database ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), statementTimeoutMs: 200 });
      try {
        const failure = await database.db.execute(sql`select pg_sleep(2)`).then(
          () => null,
          (error: unknown) => classifyDatabaseError(error),
        );
        expect(failure).toBe('busy');
      } finally {
        await database.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end({ timeout: 5 });
      }
    },
  );
});
