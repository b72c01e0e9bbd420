/**
 * The text form of a filing, laid out like EDGAR's full-text submission
 * header so readers and tools see the familiar fields first.
 */
import { filingGroupOf } from '../../../lib/company.ts';

interface FilingFacts {
  accession_key: string;
  company_symbol: string;
  company_name: string;
  market: string;
  sic_code: number;
  filing_type: string;
  description: string;
  document_count: number;
  date_as_of_change: string;
}

export function filingText(f: FilingFacts): string {
  const stamp = f.date_as_of_change.replaceAll('-', '');
  const group = filingGroupOf(f.filing_type) ?? 'Other';
  return [
    `<SEC-HEADER>`,
    `ACCESSION NUMBER:\t\t${f.accession_key}`,
    `CONFORMED SUBMISSION TYPE:\t${f.filing_type}`,
    `PUBLIC DOCUMENT COUNT:\t\t${f.document_count}`,
    `FILED AS OF DATE:\t\t${stamp}`,
    `DATE AS OF CHANGE:\t\t${stamp}`,
    ``,
    `FILER:`,
    `\tCOMPANY DATA:`,
    `\t\tCOMPANY CONFORMED NAME:\t\t\t${f.company_name.toUpperCase()}`,
    `\t\tSTANDARD INDUSTRIAL CLASSIFICATION:\t[${f.sic_code}]`,
    `\t\tTRADING SYMBOL:\t\t\t\t${f.company_symbol} (${f.market})`,
    `</SEC-HEADER>`,
    ``,
    `${f.description.toUpperCase()}`,
    `Form type group: ${group}`,
    ``,
    `Demo filing generated for demonstration: this record stands in for the`,
    `document filed with the Securities and Exchange Commission and carries`,
    `its header fields only.`,
    ``,
  ].join('\n');
}
