/**
 * A company's name as words that can be held against another spelling of it: upper case without
 * accents and punctuation, legal forms ('Inc.', 'Ltd', 'plc') and the listed security ('Class A
 * Common Stock') left out, and the abbreviations of the SEC's 13F list ('PHARMA', 'INTL', 'TECH')
 * written one way. 13F issuers and trial sponsors are placed with listed companies through it.
 */

/** The 13F list's abbreviations, and the long words they stand for, as one spelling. */
const ABBREVIATIONS: Record<string, string> = {
  INTERNATIONAL: 'INTL',
  INTERNATL: 'INTL',
  TECHNOLOGIES: 'TECH',
  TECHNOLOGY: 'TECH',
  TECHNOLOGS: 'TECH',
  TECHS: 'TECH',
  SYSTEMS: 'SYS',
  SYSTEM: 'SYS',
  FINANCIAL: 'FINL',
  PHARMACEUTICALS: 'PHARMA',
  PHARMACEUTICAL: 'PHARMA',
  PHARMACEUTICLS: 'PHARMA',
  PHARMS: 'PHARMA',
  INDUSTRIES: 'INDS',
  PROPERTIES: 'PPTYS',
  PROPERTY: 'PPTY',
  RESOURCES: 'RES',
  SERVICES: 'SVCS',
  SERVICE: 'SVC',
  MANAGEMENT: 'MGMT',
  LABORATORIES: 'LABS',
  MANUFACTURING: 'MFG',
  NATIONAL: 'NATL',
  ENTERTAINMENT: 'ENTMT',
  INVESTMENT: 'INVT',
  INVESTMENTS: 'INVTS',
  BROTHERS: 'BROS',
  MACHINES: 'MACHS',
  DEVELOPMENT: 'DEV',
  MEDICAL: 'MED',
  GENERAL: 'GEN',
  ELECTRIC: 'ELEC',
  MOTORS: 'MTRS',
  PETROLEUM: 'PETE',
  INSURANCE: 'INS',
  CAPITAL: 'CAP',
  AMERICA: 'AMER',
  AMERICAN: 'AMERN',
  ASSOCIATES: 'ASSOC',
  BANCORPORATION: 'BANCORP',
  COMPANIES: 'COS',
  REALTY: 'RLTY',
  TRUST: 'TR',
  PRODUCTS: 'PRODS',
  EQUIPMENT: 'EQUIP',
  INSTRUMENTS: 'INSTRS',
  COMMUNICATIONS: 'COMMUNICATIONS',
  COMMUNICATION: 'COMMUNICATIONS',
  COMMUNITY: 'CMNTY',
  UNITED: 'UTD',
  SEMICONDUCTORS: 'SEMICONDUCTOR',
  ENTERPRISES: 'ENTERPRISES',
  HEALTHCARE: 'HEALTHCARE',
  SOLUTIONS: 'SOLUTIONS',
};

/** Words that tell nothing of which company: legal forms and the like, wherever they are. */
const NOISE = new Set(['AND', 'THE', 'OF']);
/** Words dropped from a name's end, as many as there are: legal forms, places of incorporation, '(new)'. */
export const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  'INC',
  'INCORPORATED',
  'CORP',
  'CORPORATION',
  'CO',
  'COMPANY',
  'LTD',
  'LIMITED',
  'PLC',
  'LLC',
  'LP',
  'SA',
  'NV',
  'AG',
  'SE',
  'NEW',
  'DEL',
  'DE',
  'MD',
  'COM',
  'HOLDINGS',
  'HOLDING',
  'HLDGS',
  'HLDG',
  'GROUP',
  'GRP',
]);

/** What a listed company's name adds after the company: the security it lists ('Class A Common Stock'). */
const SECURITY_WORDS =
  /\b(?:(?:CLASS|SERIES)\s+[A-Z0-9]\s+)?(?:COMMON\s+STOCK|COMMON\s+SHARES|ORDINARY\s+SHARES|AMERICAN\s+DEPOSITARY\s+(?:SHARES|RECEIPTS)|DEPOSITARY\s+(?:SHARES|RECEIPTS)|SHARES\s+OF\s+BENEFICIAL\s+INTEREST|CAPITAL\s+STOCK|SUBORDINATE\s+VOTING\s+SHARES|VOTING\s+COMMON\s+STOCK|COMMON\s+UNITS|NEW\s+COMMON\s+STOCK)\b.*$/;
/** A class written inside a 13F issuer's name ('ALPHABET INC CL A'). */
const CLASS_WORDS = /\b(?:CL|CLASS|SER|SERIES)\s+[A-Z0-9]\b/g;

/** A name's words, evened out: upper case without accents, punctuation and noise, abbreviations as the 13F list writes them. */
export function nameWords(name: string): string[] {
  const text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(SECURITY_WORDS, '')
    .replace(CLASS_WORDS, ' ')
    .replace(/&/g, ' AND ')
    .replace(/['’`]/g, '')
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
  const words: string[] = [];
  /** Whether the last word is letters written apart ('A A R', 'U S'), which make one word. */
  let letters = false;
  for (const word of text.split(' ')) {
    if (!word) continue;
    const single = /^[A-Z]$/.test(word);
    if (single && letters) {
      words[words.length - 1] += word;
      continue;
    }
    letters = single;
    if (NOISE.has(word)) continue;
    words.push(ABBREVIATIONS[word] ?? word);
  }
  while (words.length > 1 && LEGAL_FORM_WORDS.has(words.at(-1)!)) words.pop();
  return words;
}
