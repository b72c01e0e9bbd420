/**
 * Clients management (docs/product.md §17.3, §18.13): the firm's client
 * companies with their contract, disclosure, assigned specialist, name and
 * active flag. Making a company a client gives it a landing page (so its
 * public pages gain the client header, tabs and webinar bar at the next
 * rebuild); deactivating one takes them away. Every write is audited,
 * versioned and rebuilds the company's pages.
 */
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { ClientRecord, SpecialistRecord } from '../../../lib/console-records.ts';
import type { StaffActor } from '../../../lib/console.ts';
import { sanitizeHtml } from '../../../build/sanitize.ts';
import type { Db } from '../../platform/db/client.ts';
import { paged, rowCount } from '../../platform/db/paged.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { versionedEditor } from '../audit/index.ts';
import { normalizeSymbol, requireCompany } from './records.ts';
import { clients, companies, companyLandingPages, specialists } from './tables.ts';

export interface ClientInput {
  contract?: string | null;
  disclosure?: string | null;
  assignedSpecialistId?: number | null;
  companyName?: string;
  active?: boolean;
}

/** What the audit log keeps of a client: its own fields and the company name staff may change with it. */
type ClientState = typeof clients.$inferSelect & { companyName: string; companyId: number };

const clientColumns = {
  client: clients,
  companyName: companies.name,
  companyId: companies.id,
  logo: companies.logo,
  hasLandingPage: sql<boolean>`${companyLandingPages.companySymbol} is not null`,
};

type ClientJoin = {
  client: typeof clients.$inferSelect;
  companyName: string;
  companyId: number;
  logo: string | null;
  hasLandingPage: boolean;
};

const toRecord = (r: ClientJoin): ClientRecord => ({
  company_symbol: r.client.companySymbol,
  version: r.client.version,
  active: r.client.active,
  contract: r.client.contract,
  disclosure: r.client.disclosure,
  assignedSpecialistId: r.client.assignedSpecialistId,
  companyName: r.companyName,
  Company: { name: r.companyName, logo: r.logo },
  topicArnSet: Boolean(r.client.topicArn),
  hasLandingPage: Boolean(r.hasLandingPage),
  updated_at: r.client.updatedAt.toISOString(),
});

const clientQuery = (db: Db) =>
  db
    .select(clientColumns)
    .from(clients)
    .innerJoin(companies, eq(companies.symbol, clients.companySymbol))
    .leftJoin(companyLandingPages, eq(companyLandingPages.companySymbol, clients.companySymbol));

/** Clients by symbol, searched by ticker or company name. */
export async function listClients(db: Db, query: { q?: string; page: number; limit: number }) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = pattern ? or(ilike(clients.companySymbol, pattern), ilike(companies.name, pattern)) : undefined;
  const { rows, total } = await paged(
    clientQuery(db).where(where).orderBy(asc(clients.companySymbol)),
    rowCount(db).from(clients).innerJoin(companies, eq(companies.symbol, clients.companySymbol)).where(where),
    { page: query.page, pageSize: query.limit },
  );
  return { items: rows.map(toRecord), total };
}

export async function clientBySymbol(db: Db, symbol: string): Promise<ClientRecord> {
  const [row] = await clientQuery(db).where(eq(clients.companySymbol, normalizeSymbol(symbol)));
  if (!row) throw notFound(`${normalizeSymbol(symbol)} is not a client.`);
  return toRecord(row);
}

/** The specialists who may be assigned to a client. */
export async function listSpecialists(db: Db): Promise<SpecialistRecord[]> {
  return db
    .select({ id: specialists.id, name: specialists.name, title: specialists.title, email: specialists.email })
    .from(specialists)
    .orderBy(asc(specialists.name));
}

async function checkSpecialist(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [row] = await db.select({ id: specialists.id }).from(specialists).where(eq(specialists.id, id));
  if (!row) throw invalid(`assignedSpecialistId: no specialist ${id}`);
}

const clientValues = (input: ClientInput) => ({
  ...(input.contract !== undefined && { contract: input.contract }),
  ...(input.disclosure !== undefined && {
    disclosure: input.disclosure === null ? null : sanitizeHtml(input.disclosure),
  }),
  ...(input.assignedSpecialistId !== undefined && { assignedSpecialistId: input.assignedSpecialistId }),
  ...(input.active !== undefined && { active: input.active }),
});

const editor = versionedEditor<typeof clients, ClientState>({
  table: clients,
  key: clients.companySymbol,
  kind: 'client',
  what: 'client',
  content: 'company',
  facts: async (tx, row) => {
    const [company] = await tx
      .select({ companyName: companies.name, companyId: companies.id })
      .from(companies)
      .where(eq(companies.symbol, row.companySymbol as string));
    return company!;
  },
  entityId: (r) => r.companyId,
});

/** Makes a listed company a client, with a landing page titled by its name unless it has one. */
export async function createClient(
  db: Db,
  actor: StaffActor,
  input: ClientInput & { company_symbol: string },
): Promise<ClientRecord> {
  const company = await requireCompany(db, input.company_symbol);
  await checkSpecialist(db, input.assignedSpecialistId);
  const [existing] = await db.select().from(clients).where(eq(clients.companySymbol, company.symbol));
  if (existing) throw conflict(`${company.symbol} is already a client.`);
  const name = input.companyName?.trim() || company.name;
  await editor.create(
    db,
    actor,
    { companySymbol: company.symbol, active: true, ...clientValues(input) },
    async (tx) => {
      await tx.update(companies).set({ isClient: true, name }).where(eq(companies.symbol, company.symbol));
      await tx
        .insert(companyLandingPages)
        .values({ companySymbol: company.symbol, title: name, active: true })
        .onConflictDoNothing();
    },
  );
  return clientBySymbol(db, company.symbol);
}

export async function updateClient(
  db: Db,
  actor: StaffActor,
  symbol: string,
  input: ClientInput & { version: number },
): Promise<ClientRecord> {
  const key = normalizeSymbol(symbol);
  const { version, ...fields } = input;
  await checkSpecialist(db, fields.assignedSpecialistId);
  await editor.update(db, actor, key, version, clientValues(fields), async (tx, before) => {
    const name = fields.companyName?.trim() || before!.companyName;
    // A client is a client company while it is active: the flag the screener and company pages read.
    const active = fields.active ?? before!.active;
    await tx.update(companies).set({ name, isClient: active }).where(eq(companies.symbol, key));
  });
  return clientBySymbol(db, key);
}
