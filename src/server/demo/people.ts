/**
 * A company's people, generated once: the management team (a client's
 * Leadership tab) and the insiders whose trades the insider table lists. The
 * insiders' officers are the team's officers under the team's titles, so the
 * two pages name the same chief financial officer; directors and a large
 * owner join them. Companies that are not clients keep their team unpublished.
 */
import type { Random } from './random.ts';
import {
  BOARD_ROLES,
  FIRST_NAMES,
  LAST_NAMES,
  LEADER_TITLES,
  REPORTING_OFFICER_TITLES,
} from './words/company-pages.ts';

export interface Person {
  name: string;
  title: string;
}

export const personName = (r: Random) => `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES).replace('OBrien', "O'Brien")}`;

/** A name nobody else in the company has. */
function newName(r: Random, taken: Set<string>): string {
  let name = personName(r);
  for (let attempt = 0; taken.has(name) && attempt < 50; attempt++) name = personName(r);
  if (taken.has(name)) name = `${name} ${taken.size + 1}`;
  taken.add(name);
  return name;
}

/** Three to six leaders, one per title, the chief executive first. */
export function managementTeam(r: Random): Person[] {
  const taken = new Set<string>();
  return LEADER_TITLES.slice(0, r.int(3, 6)).map((title) => ({ name: newName(r, taken), title }));
}

/** The team's reporting officers, then one or two directors and, at some companies, a 10% owner. */
export function insidersOf(r: Random, team: readonly Person[]): Person[] {
  const taken = new Set(team.map((p) => p.name));
  const officers = team.filter((p) => REPORTING_OFFICER_TITLES.has(p.title));
  const directors = Array.from({ length: r.int(1, 2) }, () => ({ name: newName(r, taken), title: BOARD_ROLES[0] }));
  const owner = r.chance(0.3) ? [{ name: newName(r, taken), title: BOARD_ROLES[1] }] : [];
  return [...officers, ...directors, ...owner];
}

/** How the insider table and a Form 4 name the reporting person. */
export const insiderLabel = (p: Person) => `${p.name} (${p.title})`;
