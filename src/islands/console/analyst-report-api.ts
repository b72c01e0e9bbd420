/**
 * The console's calls for a company's uploaded analyst report (docs/product.md §17.6): the report
 * held, an upload (the PDF itself is the request's body) and its removal, each based on the version
 * the tab loaded.
 */
import { z } from 'zod';
import { analystReportFileRecord } from '../../lib/console-records.ts';
import { api } from '../api-client.ts';
import { call } from './console-api.ts';

const path = (symbol: string) => `tools/analyst-ratings/${encodeURIComponent(symbol)}/report`;

export const analystReportOf = (symbol: string) =>
  call(() => api.get(path(symbol)).json(), z.object({ data: analystReportFileRecord.nullable() })).then((b) => b.data);

export const uploadAnalystReport = (symbol: string, file: File, title: string, version: number | null) =>
  call(
    () =>
      api
        .put(path(symbol), {
          body: file,
          headers: { 'Content-Type': 'application/pdf' },
          searchParams: {
            title,
            file_name: file.name,
            ...(version !== null && { version: String(version) }),
          },
          // A report of several megabytes takes longer than a form's fields.
          timeout: 120_000,
        })
        .json(),
    z.object({ data: analystReportFileRecord }),
  ).then((b) => b.data);

export const removeAnalystReport = (symbol: string, version: number) =>
  call(() => api.delete(`${path(symbol)}?version=${version}`).then(() => null), z.unknown());
