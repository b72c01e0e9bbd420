/**
 * A feature's tables stay inside it (docs/architecture.md, Boundaries): the lint sees the imports, and this
 * reads what it cannot, the SQL written as text. No feature's `sql` template reads or writes another feature's
 * table by its name; it names the owner's read model (`${companiesView}`) or calls the owner's function.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve(import.meta.dirname, '../../src/server/features');

const filesOf = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesOf(path.join(dir, e.name)) : [path.join(dir, e.name)]));

/** Each table's SQL name and the feature that declares it. */
function owners(): Map<string, string> {
  const owner = new Map<string, string>();
  for (const feature of fs.readdirSync(FEATURES)) {
    const tables = path.join(FEATURES, feature, 'tables.ts');
    if (!fs.existsSync(tables)) continue;
    for (const [, name] of fs.readFileSync(tables, 'utf8').matchAll(/pgTable\(\s*'(\w+)'/g)) owner.set(name!, feature);
  }
  return owner;
}

/** What `source`, a file of `feature`, says in SQL text of another feature's tables: "from companies". */
function crossingsIn(feature: string, source: string, owner: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [, text] of source.matchAll(/sql`([^`]*)`/g)) {
    for (const [said, , name] of text!.matchAll(/\b(from|join|into|update|truncate|table)\s+"?(\w+)"?/gi)) {
      if (owner.has(name!) && owner.get(name!) !== feature) found.push(said!);
    }
  }
  return found;
}

describe('a feature’s tables stay inside it', () => {
  it('finds no SQL text of a feature that names another feature’s table', () => {
    const owner = owners();
    const found = filesOf(FEATURES)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('/tables.ts'))
      .flatMap((file) => {
        const [feature] = path.relative(FEATURES, file).split(path.sep);
        const said = crossingsIn(feature!, fs.readFileSync(file, 'utf8'), owner);
        return said.map((s) => `${path.relative(FEATURES, file)}: ${s}`);
      });
    expect(found).toEqual([]);
  });

  it('sees a read or a write of another feature’s table, and lets the owner and read models through', () => {
    const owner = owners();
    expect(owner.get('users')).toBe('accounts');
    const planted = 'await db.execute(sql`update users set name = ${name} where id in (select user_id from alerts)`);';
    expect(crossingsIn('alerts', planted, owner)).toEqual(['update users']);
    expect(crossingsIn('accounts', planted, owner)).toEqual(['from alerts']);
    const throughViews = 'sql`select ${usersView.email} from ${usersView} join alerts on alerts.user_id = users.id`';
    expect(crossingsIn('alerts', throughViews, owner)).toEqual([]);
  });
});
