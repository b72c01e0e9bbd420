/**
 * Companies' profiles as their annual reports give them (docs/product.md §9.2, §9.11): the EDGAR sync
 * and the profiles import read a 10-K's or 20-F's business section, and the description is kept here
 * with the report's form, accession number, filing day and the address of the document on sec.gov.
 */
import { sql } from 'drizzle-orm';
import { recordChanges } from '../../platform/changes.ts';
import type { Db } from '../../platform/db/client.ts';
import { companyProfiles } from './tables.ts';

/** An annual report's description, read, before it is stored. */
export interface AnnualReportProfile {
  form: '10-K' | '20-F';
  accession: string;
  /** YYYY-MM-DD */
  filedOn: string;
  /** The report's document on sec.gov (or its filing's index page). */
  filingUrl: string;
  description: string;
}

/**
 * A company's profile from an annual report, unless a later report's is held: it replaces the demo's,
 * one without a filing, and an older report's. Whether it was stored; the company's pages are told.
 */
export async function storeAnnualReportProfile(
  tx: Db,
  company: { id: number; symbol: string },
  profile: AnnualReportProfile,
): Promise<boolean> {
  const values = {
    description: profile.description,
    source: profile.form,
    accession: profile.accession,
    filedOn: profile.filedOn,
    filingUrl: profile.filingUrl,
    updatedAt: new Date(),
  };
  const stored = await tx
    .insert(companyProfiles)
    .values({ symbol: company.symbol, ...values })
    .onConflictDoUpdate({
      target: companyProfiles.symbol,
      set: values,
      // The same report read again changes nothing; a report older than the one held changes nothing either.
      setWhere: sql`${companyProfiles.filedOn} is null
        or ${companyProfiles.filedOn} < excluded.filed_on
        or (${companyProfiles.filedOn} = excluded.filed_on
            and (${companyProfiles.accession}, ${companyProfiles.description})
                is distinct from (excluded.accession, excluded.description))`,
    })
    .returning({ symbol: companyProfiles.symbol });
  if (stored.length) await recordChanges(tx, 'company', [company.id]);
  return stored.length > 0;
}
