/**
 * A document from EDGAR (or a file of one) that cannot be read: refused whole, with the document it
 * came from and what is wrong, so a report can name it and the rest of a run goes on.
 */
import { SourceDocumentError } from '../../platform/source-client.ts';
import { shown } from '../imports/index.ts';

export class EdgarDocumentError extends SourceDocumentError {
  override readonly name = 'EdgarDocumentError';
  constructor(document: string, problem: string) {
    super(document, problem, `${shown(document)}: ${problem}`);
  }
}
