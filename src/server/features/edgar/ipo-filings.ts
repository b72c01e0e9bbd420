/**
 * The IPO calendar from EDGAR (docs/product.md §8.3), a step of the EDGAR sync: the registration statements (S-1, F-1 and
 * their amendments), pricing prospectuses (424B4), listing certifications (8-A12B) and withdrawal
 * requests (RW) that the EDGAR sync finds in the daily indexes, whoever filed them, become one row
 * per registrant.
 * - A registration statement or prospectus is read from the opening of its submission text file
 *   (the SEC header and the prospectus cover, prospectus-cover.ts); a row is made only when its cover
 *   says this is an initial public offering, so a listed company's resale or shelf registration
 *   makes none, and a company already in the universe is not read at all.
 * - Later filings of a registrant with a row fill in what they say (an amendment's price range, the
 *   424B4's price and shares): a blank on a later cover never erases a figure read before.
 * - A 424B4 prices the row (its day, `Priced`); an 8-A12B gives the listing day (`Expected` until it
 *   prices); an RW withdraws it. Staff corrections are kept apart and win (service.ts).
 * Each filing is queued in edgar_filings like the others, so an interrupted run goes on where it
 * stopped, and one that cannot be read is reported with its accession and stops nothing else.
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import { filingIndexUrl } from '../../../lib/edgar-links.ts';
import { addDays } from '../../../lib/market-calendar.ts';
import type { Db } from '../../platform/db/client.ts';
import { industriesView } from '../companies/index.ts';
import { addIpo, ipoNameTaken, ipoOfRegistrant, updateIpo, type IpoRow, type IpoRowChanges } from '../ipos/index.ts';
import type { EdgarClient } from './client.ts';
import { EdgarDocumentError } from './document-error.ts';
import type { ListedFiling } from './filing-lists.ts';
import { markFiling, markFilingUnread, queueFilings } from './filing-queue.ts';
import { readOfferingCover, type OfferingCover } from './prospectus-cover.ts';
import { readSubmissionText } from './submission-text.ts';
import { edgarFilings } from './tables.ts';

export const IPO_FORMS = ['S-1', 'S-1/A', 'F-1', 'F-1/A', '424B4', '8-A12B', 'RW'] as const;
const READ_FORMS = new Set(['S-1', 'S-1/A', 'F-1', 'F-1/A', '424B4']);
/** A row whose offering is still to come; a priced or withdrawn one is settled. */
const PENDING_STATUSES = new Set(['Filed', 'Expected']);
const NOT_ON_CALENDAR = 'not a registrant on the IPO calendar';
/** How long before its prospectus an offering's listing certification is taken as its own. */
const LISTING_LEAD_DAYS = 30;
export const isIpoForm = (form: string) => (IPO_FORMS as readonly string[]).includes(form.toUpperCase());
const formOrder = (form: string) => (IPO_FORMS as readonly string[]).indexOf(form);

/** A registration statement's cover lies in its first pages: the opening of its submission text file is read, no more. */
export const OPENING_BYTES = 1_500_000;
/** Filings read in one run at most; the rest wait for the next (a first run over weeks of indexes). */
const RUN_LIMIT = 400;

export interface IpoSyncContext {
  /** The CIKs of the companies already listed in the universe. */
  listedCiks: ReadonlySet<number>;
  report: { added: number; updated: number; notes: string[] };
  problem: (document: string, text: string) => void;
  signal?: AbortSignal;
  progress?: (phase: string, done: number, total: number) => void;
}

type Filing = typeof edgarFilings.$inferSelect;

/** The IPO forms among the listed filings, queued to be read (before the company filings, which would mark them done). */
export const queueIpoFilings = (db: Db, listed: readonly ListedFiling[]): Promise<number> =>
  queueFilings(
    db,
    listed.filter((f) => isIpoForm(f.form)),
    () => 'pending',
  );

/**
 * Reads the queued IPO filings into the calendar's rows, oldest first; a day's filings in the order
 * an offering goes (registration, prospectus, listing, withdrawal), so a row made by the day's
 * prospectus takes the same day's listing.
 */
export async function syncIpoFilings(db: Db, client: EdgarClient, context: IpoSyncContext): Promise<void> {
  const pending = (
    await db
      .select()
      .from(edgarFilings)
      .where(and(eq(edgarFilings.status, 'pending'), inArray(edgarFilings.form, [...IPO_FORMS])))
      .orderBy(asc(edgarFilings.filedOn), asc(edgarFilings.accession))
      .limit(RUN_LIMIT)
  ).sort((a, b) => a.filedOn.localeCompare(b.filedOn) || formOrder(a.form) - formOrder(b.form));
  for (const [i, filing] of pending.entries()) {
    context.signal?.throwIfAborted();
    await readIpoFiling(db, client, filing, context);
    context.progress?.('registrations', i + 1, pending.length);
  }
}

async function readIpoFiling(db: Db, client: EdgarClient, filing: Filing, context: IpoSyncContext): Promise<void> {
  const row = await ipoOfRegistrant(db, filing.cik);
  if (row?.filings.some((f) => f.accession === filing.accession))
    return void (await markFiling(db, filing.accession, 'done', 'IPO calendar: already read'));
  if (!READ_FORMS.has(filing.form)) {
    // An RW or an 8-A12B says something only of an offering still to come: after the IPO prices, a
    // registrant's listings (its warrants, its notes) and withdrawals (a resale) are of other securities.
    if (!row) return void (await markFiling(db, filing.accession, 'done', NOT_ON_CALENDAR));
    if (!PENDING_STATUSES.has(row.status) && !isOwnListing(row, filing))
      return void (await markFiling(db, filing.accession, 'done', `IPO calendar: ${row.status.toLowerCase()} already`));
    await updateRow(db, row, filing, null, null);
    context.report.updated++;
    return void (await markFiling(db, filing.accession, 'done', `IPO calendar: ${filing.form} of ${row.companyName}`));
  }
  if (context.listedCiks.has(filing.cik) && (!row || row.status === 'Priced'))
    return void (await markFiling(db, filing.accession, 'done', 'a listed company’s registration, not an IPO'));

  const path = `/Archives/edgar/data/${filing.cik}/${filing.accession.replaceAll('-', '')}/${filing.accession}.txt`;
  try {
    const answer = await client.get('www', path, {}, context.signal, { maxBytes: OPENING_BYTES, opening: true });
    if (answer.status !== 200)
      throw new EdgarDocumentError(filing.accession, 'is not on EDGAR (404): its submission text file is missing.');
    const submission = readSubmissionText(answer.body!.toString('utf8'), filing.accession, { opening: true });
    const main = submission.documents[0];
    if (!main?.text) throw new EdgarDocumentError(filing.accession, 'holds no prospectus before its first exhibit.');
    const cover = readOfferingCover(main.text);
    // Only an IPO's own documents change its row: a priced company's later offerings are not it.
    if (!cover.initialOffering)
      return void (await markFiling(db, filing.accession, 'done', 'not an initial public offering'));
    const registrant = submission.parties.find((p) => p.cik === filing.cik) ?? submission.parties[0] ?? null;
    if (row) await updateRow(db, row, filing, cover, registrant?.sic ?? null);
    else {
      await addRow(db, filing, cover, registrant);
      await applyEarlierListing(db, filing);
    }
    if (row) context.report.updated++;
    else {
      context.report.added++;
      context.report.notes.push(
        `IPO calendar: ${cover.companyName ?? registrant?.name ?? filing.cik} (${filing.form})`,
      );
    }
    await markFiling(db, filing.accession, 'done', `IPO calendar: ${filing.form}`);
  } catch (error) {
    if (!(error instanceof EdgarDocumentError)) throw error;
    context.problem(error.document, error.problem);
    await markFilingUnread(db, filing, error.problem);
  }
}

const filingEntry = (filing: Filing) => ({
  form: filing.form,
  accession: filing.accession,
  filedOn: filing.filedOn,
  url: filingIndexUrl(filing.cik, filing.accession),
});

async function sectorOf(db: Db, sic: number | null): Promise<string | null> {
  if (!sic) return null;
  const [found] = await db
    .select({ sector: industriesView.sector })
    .from(industriesView)
    .where(eq(industriesView.sicCode, sic));
  return found?.sector ?? null;
}

/** A name EDGAR writes in capitals ("ACME THERAPEUTICS, INC.") as a reader expects it, when the cover gave none. */
function readableName(name: string): string {
  if (name !== name.toUpperCase()) return name;
  return name.toLowerCase().replace(/\b([a-z])/g, (letter) => letter.toUpperCase());
}

async function addRow(
  db: Db,
  filing: Filing,
  cover: OfferingCover,
  registrant: { name: string; sic: number | null } | null,
): Promise<void> {
  let companyName = cover.companyName ?? readableName(registrant?.name ?? `CIK ${filing.cik}`);
  // The calendar is keyed by name: another registrant of the same name is told apart by its CIK.
  if (await ipoNameTaken(db, companyName)) companyName = `${companyName} (CIK ${filing.cik})`;
  const priced = filing.form === '424B4';
  await addIpo(db, {
    companyName,
    symbol: cover.symbol,
    exchange: cover.exchange,
    sector: await sectorOf(db, registrant?.sic ?? null),
    priceLow: cover.priceLow,
    priceHigh: cover.priceHigh,
    sharesOffered: cover.sharesOffered,
    offerPrice: priced ? cover.offerPrice : null,
    expectedDate: priced ? filing.filedOn : null,
    status: priced ? 'Priced' : 'Filed',
    source: 'edgar',
    cik: filing.cik,
    filedOn: priced ? null : filing.filedOn,
    pricedOn: priced ? filing.filedOn : null,
    leadUnderwriter: null,
    filings: [filingEntry(filing)],
  });
}

async function updateRow(
  db: Db,
  row: IpoRow,
  filing: Filing,
  cover: OfferingCover | null,
  sic: number | null,
): Promise<void> {
  const next: IpoRowChanges = {
    filings: [...row.filings, filingEntry(filing)].sort((a, b) => a.filedOn.localeCompare(b.filedOn)),
    updatedAt: new Date(),
  };
  if (cover) {
    // What this cover says replaces what an earlier one said; what it leaves blank keeps the earlier figure.
    if (cover.symbol) next.symbol = cover.symbol;
    if (cover.exchange) next.exchange = cover.exchange;
    if (cover.sharesOffered) next.sharesOffered = cover.sharesOffered;
    if (cover.priceLow !== null && cover.priceHigh !== null) {
      next.priceLow = cover.priceLow;
      next.priceHigh = cover.priceHigh;
    }
    if (!row.sector && sic) next.sector = await sectorOf(db, sic);
  }
  if (filing.form === 'RW') next.status = 'Withdrawn';
  else if (row.status === 'Withdrawn' && (filing.form === 'S-1' || filing.form === 'F-1')) {
    // A registrant that withdrew and files a new registration is on the calendar again, from its new day.
    next.status = 'Filed';
    next.filedOn = filing.filedOn;
    next.listedOn = null;
    next.expectedDate = null;
  } else if (filing.form === '424B4') {
    next.status = 'Priced';
    next.pricedOn = filing.filedOn;
    next.expectedDate = filing.filedOn;
    if (cover?.offerPrice) next.offerPrice = cover.offerPrice;
  } else if (filing.form === '8-A12B') {
    next.listedOn = filing.filedOn;
    if (row.status === 'Filed') next.status = 'Expected';
    if (!row.expectedDate) next.expectedDate = filing.filedOn;
  } else if (!row.filedOn || filing.filedOn < row.filedOn) next.filedOn = filing.filedOn;
  await updateIpo(db, row.id, next);
}

/** Days after its pricing within which a listing certification is still the IPO's own (a weekend between). */
const LISTING_AFTER_PRICING_DAYS = 3;

/** A priced row's own listing: an 8-A12B filed by its pricing, or within days of it. */
const isOwnListing = (row: IpoRow, filing: Filing) =>
  filing.form === '8-A12B' &&
  row.status === 'Priced' &&
  row.pricedOn !== null &&
  filing.filedOn <= addDays(row.pricedOn, LISTING_AFTER_PRICING_DAYS);

/**
 * The listing certification an offering's registrant filed before the calendar held it (an 8-A12B
 * often comes the day before the 424B4, and a first run starts mid-offering): read when the row is
 * made, if it was filed within a month before.
 */
async function applyEarlierListing(db: Db, filing: Filing): Promise<void> {
  const since = addDays(filing.filedOn, -LISTING_LEAD_DAYS);
  const listings = await db
    .select()
    .from(edgarFilings)
    .where(
      and(
        eq(edgarFilings.cik, filing.cik),
        eq(edgarFilings.form, '8-A12B'),
        eq(edgarFilings.outcome, NOT_ON_CALENDAR),
        gte(edgarFilings.filedOn, since),
        lte(edgarFilings.filedOn, filing.filedOn),
      ),
    )
    .orderBy(asc(edgarFilings.filedOn));
  for (const listing of listings) {
    const row = await ipoOfRegistrant(db, filing.cik);
    if (!row) return;
    await updateRow(db, row, listing, null, null);
    await markFiling(db, listing.accession, 'done', `IPO calendar: ${listing.form} of ${row.companyName}`);
  }
}
