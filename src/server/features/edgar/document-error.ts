/**
 * A document from EDGAR (or a file of one) that cannot be read: refused whole, with the document it
 * came from and what is wrong, so a report can name it and the rest of a run goes on.
 */
import { shown } from '../imports/index.ts';

export class EdgarDocumentError extends Error {
  override readonly name = 'EdgarDocumentError';
  /** The document: its accession number, address or file name. */
  readonly document: string;
  readonly problem: string;
  constructor(document: string, problem: string) {
    super(`${shown(document)}: ${problem}`);
    this.document = document;
    this.problem = problem;
  }
}
