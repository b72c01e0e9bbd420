/** The console's calls for the newsletter (docs/product.md §18.13), checked on arrival like every console call. */
import { z } from 'zod';
import {
  newsletterIssueRecord,
  suppressionRecord,
  type NewsletterIssueRecord,
  type NewsletterSection,
} from '../../lib/newsletter.ts';
import { api } from '../api-client.ts';
import { call } from './console-api.ts';

const one = z.object({ data: newsletterIssueRecord });

export const listIssues = () =>
  call(() => api.get('tools/newsletter/issues').json(), z.object({ data: z.array(newsletterIssueRecord) })).then(
    (b) => b.data,
  );

export const composeIssue = () => call(() => api.post('tools/newsletter/issues').json(), one).then((b) => b.data);

export const saveIssue = (
  id: number,
  version: number,
  changes: { subject: string; intro: string; sections: NewsletterSection[] },
) =>
  call(() => api.patch(`tools/newsletter/issues/${id}`, { json: { version, ...changes } }).json(), one).then(
    (b) => b.data,
  );

export type IssueAction = 'schedule' | 'unschedule' | 'pause' | 'resume' | 'cancel';

export const actOnIssue = (id: number, action: IssueAction, at?: string) =>
  call(
    () => api.post(`tools/newsletter/issues/${id}/actions`, { json: { action, ...(at && { at }) } }).json(),
    one,
  ).then((b) => b.data);

export const sendTestIssue = (id: number) =>
  call(
    () => api.post(`tools/newsletter/issues/${id}/test`).json(),
    z.object({ data: z.object({ email: z.string() }) }),
  ).then((b) => b.data);

export const previewAddress = (issue: NewsletterIssueRecord, scheme: 'light' | 'dark') =>
  `/api/tools/newsletter/issues/${issue.id}/preview?scheme=${scheme}&v=${issue.version}`;

export const listSuppressions = (query: { q: string; page: number; limit: number }) => {
  const params = new URLSearchParams({ page: String(query.page), limit: String(query.limit) });
  if (query.q.trim()) params.set('q', query.q.trim());
  return call(
    () => api.get(`tools/email/suppressions?${params}`).json(),
    z.object({ data: z.array(suppressionRecord), total: z.number() }),
  );
};

export const liftSuppression = (email: string) =>
  call(() => api.delete(`tools/email/suppressions/${encodeURIComponent(email)}`), z.unknown());
