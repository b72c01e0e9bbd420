/**
 * The items of Form 8-K, as the form's General Instructions number and title them (docs/product.md
 * §22.7): what a current report is about. EDGAR's header names a filing's items by their titles
 * (`ITEM INFORMATION: Results of Operations and Financial Condition`); a company release shows
 * them as tags, each with its number and a short label a reader takes in at a glance.
 */

export interface EightKItem {
  /** '2.02' */
  number: string;
  /** The title in the form's instructions. */
  title: string;
  /** The tag a company release shows: 'Results of operations'. */
  label: string;
}

export const EIGHT_K_ITEMS: readonly EightKItem[] = [
  { number: '1.01', title: 'Entry into a Material Definitive Agreement', label: 'Material agreement' },
  { number: '1.02', title: 'Termination of a Material Definitive Agreement', label: 'Agreement ended' },
  { number: '1.03', title: 'Bankruptcy or Receivership', label: 'Bankruptcy or receivership' },
  { number: '1.04', title: 'Mine Safety - Reporting of Shutdowns and Patterns of Violations', label: 'Mine safety' },
  { number: '1.05', title: 'Material Cybersecurity Incidents', label: 'Cybersecurity incident' },
  { number: '2.01', title: 'Completion of Acquisition or Disposition of Assets', label: 'Acquisition or disposition' },
  { number: '2.02', title: 'Results of Operations and Financial Condition', label: 'Results of operations' },
  {
    number: '2.03',
    title:
      'Creation of a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement of a Registrant',
    label: 'New financial obligation',
  },
  {
    number: '2.04',
    title:
      'Triggering Events That Accelerate or Increase a Direct Financial Obligation or an Obligation under an Off-Balance Sheet Arrangement',
    label: 'Obligation accelerated',
  },
  { number: '2.05', title: 'Costs Associated with Exit or Disposal Activities', label: 'Exit or disposal costs' },
  { number: '2.06', title: 'Material Impairments', label: 'Material impairment' },
  {
    number: '3.01',
    title: 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule or Standard; Transfer of Listing',
    label: 'Listing notice or transfer',
  },
  { number: '3.02', title: 'Unregistered Sales of Equity Securities', label: 'Unregistered share sale' },
  { number: '3.03', title: 'Material Modification to Rights of Security Holders', label: 'Shareholder rights changed' },
  { number: '4.01', title: "Changes in Registrant's Certifying Accountant", label: 'Auditor change' },
  {
    number: '4.02',
    title:
      'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
    label: 'Restatement',
  },
  { number: '5.01', title: 'Changes in Control of Registrant', label: 'Change in control' },
  {
    number: '5.02',
    title:
      'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers; Compensatory Arrangements of Certain Officers',
    label: 'Officers and directors',
  },
  {
    number: '5.03',
    title: 'Amendments to Articles of Incorporation or Bylaws; Change in Fiscal Year',
    label: 'Articles, bylaws or fiscal year',
  },
  {
    number: '5.04',
    title: "Temporary Suspension of Trading Under Registrant's Employee Benefit Plans",
    label: 'Benefit-plan trading halt',
  },
  {
    number: '5.05',
    title: "Amendments to the Registrant's Code of Ethics, or Waiver of a Provision of the Code of Ethics",
    label: 'Code of ethics',
  },
  { number: '5.06', title: 'Change in Shell Company Status', label: 'Shell company status' },
  { number: '5.07', title: 'Submission of Matters to a Vote of Security Holders', label: 'Shareholder vote' },
  { number: '5.08', title: 'Shareholder Director Nominations', label: 'Director nominations' },
  { number: '6.01', title: 'ABS Informational and Computational Material', label: 'ABS material' },
  { number: '6.02', title: 'Change of Servicer or Trustee', label: 'Servicer or trustee change' },
  {
    number: '6.03',
    title: 'Change in Credit Enhancement or Other External Support',
    label: 'Credit enhancement change',
  },
  { number: '6.04', title: 'Failure to Make a Required Distribution', label: 'Missed distribution' },
  { number: '6.05', title: 'Securities Act Updating Disclosure', label: 'Securities Act update' },
  { number: '6.06', title: 'Static Pool', label: 'Static pool' },
  { number: '7.01', title: 'Regulation FD Disclosure', label: 'Regulation FD' },
  { number: '8.01', title: 'Other Events', label: 'Other events' },
  { number: '9.01', title: 'Financial Statements and Exhibits', label: 'Financial statements and exhibits' },
];

const BY_NUMBER = new Map(EIGHT_K_ITEMS.map((item) => [item.number, item]));

/** The item of a number ('2.02'), or undefined for a number the form does not have. */
export const eightKItem = (number: string): EightKItem | undefined => BY_NUMBER.get(number);

/**
 * The item that only lists the exhibits: nearly every 8-K with a press release has it (the release
 * is one of its exhibits), so a release's tags leave it out.
 */
export const EXHIBITS_ITEM = '9.01';

/** A title compared for what it says: case, punctuation and apostrophes aside. */
const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’'`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const BY_WORDS = EIGHT_K_ITEMS.map((item) => ({ item, words: words(item.title) }));

/** EDGAR cuts long descriptions in some headers: a start this long is taken for the whole title. */
const SHORTEST_PREFIX = 24;

/**
 * The item numbers of a filing, in the form's order, from its header's item descriptions: a title
 * as the form writes it (in any case and punctuation, ';' or ':' between its parts), a start of one
 * EDGAR cut short, or a description that names its number ('Item 2.02 …'). Descriptions that name no
 * item of the form are left out.
 */
export function eightKItemNumbers(descriptions: readonly string[]): string[] {
  const found = new Set<string>();
  for (const description of descriptions) {
    const numbered = /\b([1-9])\.(0[1-9])\b/.exec(description);
    if (numbered && BY_NUMBER.has(`${numbered[1]}.${numbered[2]}`)) {
      found.add(`${numbered[1]}.${numbered[2]}`);
      continue;
    }
    const said = words(description);
    if (!said) continue;
    const match = BY_WORDS.find(
      (entry) => entry.words === said || (said.length >= SHORTEST_PREFIX && entry.words.startsWith(said)),
    );
    if (match) found.add(match.item.number);
  }
  return EIGHT_K_ITEMS.filter((item) => found.has(item.number)).map((item) => item.number);
}

/** The tags a company release shows for its filing's items: '2.02 Results of operations', the exhibits item aside. */
export function releaseTags(numbers: readonly string[]): { number: string; label: string; title: string }[] {
  return numbers.flatMap((number) => {
    const item = BY_NUMBER.get(number);
    return item && number !== EXHIBITS_ITEM ? [{ number, label: item.label, title: item.title }] : [];
  });
}
