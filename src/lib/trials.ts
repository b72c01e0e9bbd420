/**
 * Drug trials as the site writes them (docs/product.md §9.13): the registry's statuses in words, its
 * partial dates ('2024', '2024-05', '2024-05-17') as people read them, and a trial's address on
 * ClinicalTrials.gov. Pure: the company page, RedChat and the server share it.
 */

const STATUS_LABELS: Readonly<Record<string, string>> = {
  NOT_YET_RECRUITING: 'Not yet recruiting',
  RECRUITING: 'Recruiting',
  ENROLLING_BY_INVITATION: 'Enrolling by invitation',
  ACTIVE_NOT_RECRUITING: 'Active, not recruiting',
  SUSPENDED: 'Suspended',
  TERMINATED: 'Terminated',
  COMPLETED: 'Completed',
  WITHDRAWN: 'Withdrawn',
  UNKNOWN: 'Unknown status',
};

/** 'Active, not recruiting' for ACTIVE_NOT_RECRUITING; a status the registry adds later in plain words. */
export const trialStatusLabel = (status: string): string =>
  STATUS_LABELS[status] ??
  status
    .toLowerCase()
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2016', 'Jul 2016', 'Jul 20, 2016' for the registry's partial dates; anything else as written. */
export function formatPartialDate(date: string): string {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date);
  if (!match) return date;
  const [, year, month, day] = match;
  const name = month ? MONTHS[Number(month) - 1] : undefined;
  if (!name) return year!;
  return day ? `${name} ${Number(day)}, ${year}` : `${name} ${year}`;
}

/** A trial's page on ClinicalTrials.gov. */
export const trialLink = (nctId: string): string => `https://clinicaltrials.gov/study/${nctId}`;
