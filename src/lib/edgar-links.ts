/**
 * Where readers find a filing on the SEC's site: every record read from EDGAR links to its filing
 * there (docs/product.md §9.2), whatever mirror the sync itself read it from.
 */
export const EDGAR_ARCHIVES = 'https://www.sec.gov/Archives/edgar/data';

/** A CIK as EDGAR's file names write it, ten digits (CIK0000320193.json). */
export const paddedCik = (cik: number) => String(cik).padStart(10, '0');

/** A filing's folder: filed under each party's CIK (the company's, and each reporting owner's). */
export const filingFolder = (cik: number, accession: string) =>
  `${EDGAR_ARCHIVES}/${cik}/${accession.replaceAll('-', '')}`;

/** A filing's index page, which lists its documents. */
export const filingIndexUrl = (cik: number, accession: string) =>
  `${filingFolder(cik, accession)}/${accession}-index.htm`;

/** A reporting owner's filings on EDGAR (every company they filed about, newest first). */
export const ownerFilingsUrl = (ownerCik: number) =>
  `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${paddedCik(ownerCik)}`;

/** A company's reporting owners on EDGAR: each insider, their relationship and their latest filing. */
export const issuerOwnersUrl = (cik: number) =>
  `https://www.sec.gov/cgi-bin/own-disp?action=getissuer&CIK=${paddedCik(cik)}`;
