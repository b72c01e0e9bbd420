/**
 * The repair of rich text stored before words were spaced with ordinary
 * spaces (drizzle/0013_rich_text_spaces.sql): run again over records written
 * the old way, it rewrites them as the sanitizer now writes them, announces
 * each as a content change, and changes nothing the second time.
 */
import fs from 'node:fs';
import { desc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../../../src/build/sanitize.ts';
import {
  clients,
  companies,
  companyLandingPages,
  companyLeaders,
} from '../../../../src/server/features/companies/tables.ts';
import { news } from '../../../../src/server/features/news/tables.ts';
import type { Db } from '../../../../src/server/platform/db/client.ts';
import { contentChanges } from '../../../../src/server/platform/tables.ts';
import { createTestApp, type TestApp } from '../../../helpers/app.ts';

const REPAIR = new URL('../../../../drizzle/0013_rich_text_spaces.sql', import.meta.url);

/** What the editor used to send and the write path used to keep: every space non-breaking. */
const OLD_BODY =
  '<p>Retail&nbsp;investors&nbsp;<strong>bought</strong>&nbsp;the&nbsp;dip&#160;again.</p>' +
  '<p>&nbsp;</p><p>&nbsp;&nbsp;Indented&nbsp;line</p><p>First<br>&nbsp;<em>&nbsp;second</em>&nbsp;line&nbsp;</p>' +
  '<ul><li>One&nbsp;item</li></ul><p><a href="/stocks/ABCD" title="a&nbsp;b">A&nbsp;link</a>\u00a0here</p>';

let t: TestApp;
let db: Db;

async function repair(): Promise<void> {
  for (const statement of fs.readFileSync(REPAIR, 'utf8').split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }
}

const lastChange = async () =>
  (await db.select({ id: contentChanges.id }).from(contentChanges).orderBy(desc(contentChanges.id)).limit(1))[0]?.id ??
  0;

beforeAll(async () => {
  t = await createTestApp({ seedCompanies: 20 });
  db = t.database.db;
});
afterAll(() => t.close());

describe('the repair of stored rich text', () => {
  it('spaces the words of articles, landing pages, leaders and disclosures as the sanitizer does, once', async () => {
    const [company] = await db.select().from(companies).limit(1);
    const symbol = company!.symbol;
    const [article] = await db
      .insert(news)
      .values({
        title: 'Old article',
        companySymbol: symbol,
        publishedAt: new Date(),
        description: OLD_BODY,
        summary: 'Short&nbsp;summary',
      })
      .returning({ id: news.id });
    const [untouched] = await db
      .insert(news)
      .values({
        title: 'Clean article',
        companySymbol: symbol,
        publishedAt: new Date(),
        description: '<p>Already fine.</p>',
      })
      .returning({ id: news.id });
    await db
      .insert(companyLandingPages)
      .values({ companySymbol: symbol, overview: OLD_BODY, letter: '<p>Dear&nbsp;shareholders,</p>' })
      .onConflictDoUpdate({
        target: companyLandingPages.companySymbol,
        set: { overview: OLD_BODY, letter: '<p>Dear&nbsp;shareholders,</p>' },
      });
    const [leader] = await db
      .insert(companyLeaders)
      .values({ companySymbol: symbol, name: 'Avery', title: 'CEO', description: '<p>Joined&nbsp;in&nbsp;2019.</p>' })
      .returning({ id: companyLeaders.id });
    await db
      .insert(clients)
      .values({ companySymbol: symbol, disclosure: '<p>Paid&nbsp;client.</p>' })
      .onConflictDoUpdate({ target: clients.companySymbol, set: { disclosure: '<p>Paid&nbsp;client.</p>' } });
    const before = await lastChange();

    await repair();

    const [stored] = await db.select().from(news).where(eq(news.id, article!.id));
    expect(stored!.description).toBe(sanitizeHtml(OLD_BODY));
    expect(stored!.description).toContain('<p>Retail investors <strong>bought</strong> the dip again.</p>');
    expect(stored!.description).toContain('<p>&nbsp;</p><p>&nbsp;&nbsp;Indented line</p>');
    expect(stored!.summary).toBe('Short summary');
    const [landing] = await db.select().from(companyLandingPages).where(eq(companyLandingPages.companySymbol, symbol));
    expect(landing!.overview).toBe(sanitizeHtml(OLD_BODY));
    expect(landing!.letter).toBe('<p>Dear shareholders,</p>');
    const [bio] = await db.select().from(companyLeaders).where(eq(companyLeaders.id, leader!.id));
    expect(bio!.description).toBe('<p>Joined in 2019.</p>');
    const [client] = await db.select().from(clients).where(eq(clients.companySymbol, symbol));
    expect(client!.disclosure).toBe('<p>Paid client.</p>');

    const changes = await db
      .select({ kind: contentChanges.kind, entityId: contentChanges.entityId })
      .from(contentChanges)
      .where(gt(contentChanges.id, before));
    expect(changes).toContainEqual({ kind: 'news', entityId: article!.id });
    expect(changes).not.toContainEqual({ kind: 'news', entityId: untouched!.id });
    expect(changes).toContainEqual({ kind: 'company', entityId: company!.id });

    // A second run finds nothing to do.
    const after = await lastChange();
    await repair();
    expect(await lastChange()).toBe(after);
    const [again] = await db.select().from(news).where(eq(news.id, article!.id));
    expect(again!.description).toBe(stored!.description);
  });
});
