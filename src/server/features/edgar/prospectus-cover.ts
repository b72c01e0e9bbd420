/**
 * What a registration statement (S-1, F-1 and their amendments) or a pricing prospectus (424B4)
 * says on its prospectus cover, which is where the SEC's Regulation S-K (Item 501) puts the
 * offering's terms: that this is the company's initial public offering ("This is an initial public
 * offering of…", "Prior to this offering, there has been no public market…"), the number of shares
 * offered, the expected price range (a preliminary prospectus) or the price (the final one), and
 * the exchange and symbol applied for. Filers word these sentences alike but not identically, so
 * each is read by its few usual wordings; what a cover leaves blank (an early S-1 has no range yet)
 * is null, never guessed. The opening is read as a stream of text blocks (document-text.ts): a
 * prospectus runs to megabytes and the sync reads it on the server's thread.
 */
import { documentBlocks } from './document-text.ts';

export interface OfferingCover {
  /** The cover says this is the company's first sale of shares to the public. */
  initialOffering: boolean;
  /** The company as the cover names it ("Airbnb, Inc."), when it does. */
  companyName: string | null;
  sharesOffered: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  /** The price of a priced offering (a 424B4). */
  offerPrice: number | null;
  symbol: string | null;
  exchange: string | null;
}

/** How much of a document's text is searched: the facing page, the fee table and the prospectus cover. */
const COVER_CHARS = 24_000;
/** How much of its HTML is turned into text to find them (a prospectus runs to megabytes). */
const COVER_HTML_CHARS = 600_000;

/** The cover says so in as many words. */
const INITIAL_OFFERING = /\bthis is (?:an|our|the) initial public offering\b/i;
/** Or it says the shares have had no market, which a listed company's follow-on never says of its shares. */
const NO_MARKET =
  /\bprior to (?:this|the) offering,? there (?:has|have) been no (?:established )?public (?:trading )?market for (?:our|the|its) (?:class [a-z] )?(?:common stock|common shares|ordinary shares|shares|ADSs|American depositary shares|units|securities)\b/i;
/** A company whose shares trade already: the first market of its warrants is no IPO. */
const ALREADY_LISTED =
  /\b(?:common stock|common shares|ordinary shares|ADSs) (?:is|are) (?:currently )?(?:listed|quoted|traded) on\b|\blast reported (?:sale|sales|closing) price of (?:our|the) (?:common stock|common shares|ordinary shares|ADSs)\b/i;
/** "…of shares of common stock of Airbnb, Inc. We are…" / "…by CAMP4 Therapeutics Corporation. We…" */
const COMPANY =
  /initial public offering of [^.]{0,160}\b(?:stock|shares|units|ADSs)\s+(?:of|by)\s+(.{2,120}?)(?=\.\s+(?:We|The|Our|Each|Prior|This|No|All)\b)/i;
/** "We are offering 6,820,000 shares", "This is the initial public offering of 20,000,000 units". */
const SHARES =
  /\b(?:(?:we are|the company is|[A-Z][\w.,&' -]{1,80} is)\s+(?:offering|selling)|initial public offering of)\s+(?:an aggregate of\s+)?([\d,]{4,})\s+(?:shares|ordinary shares|American depositary shares|ADSs|units|Class [A-Z] (?:common|ordinary) shares)/i;
/** "…price will be between $14.00 and $16.00", "…per ADS is expected to be between US$4.00 and US$5.00", "…$14.00 to $16.00". */
const RANGE =
  /public offering price (?:of our [\w ]{1,40}? )?(?:per (?:share|ADS|American depositary share|ordinary share|unit) )?(?:is expected to|will|to) be between (?:US)?\$\s?(\d{1,4}(?:\.\d{1,2})?) (?:and|to) (?:US)?\$\s?(\d{1,4}(?:\.\d{1,2})?)/i;
/** "The initial public offering price is $11.00 per share", "…price per ADS is US$17.00.", "…units at $10.00 per unit". */
const PRICE =
  /\b(?:public offering price (?:per (?:share|ADS|American depositary share|ordinary share|unit) )?(?:is|of)|(?:shares|units|ADSs) at(?: a price of)?) (?:US)?\$\s?(\d{1,4}(?:\.\d{1,2})?)\b(?!,\d| (?:million|billion))/i;
const SYMBOL = /under the (?:trading |ticker )?symbols?\s*["“'‘]\s*([A-Z][A-Z.]{0,5}?)\.?\s*["”'’]/;
const EXCHANGES: [RegExp, string][] = [
  [/nasdaq/i, 'NASDAQ'],
  [/NYSE American|NYSE MKT/i, 'NYSE American'],
  [/New York Stock Exchange|\bNYSE\b/i, 'NYSE'],
  [/Cboe/i, 'Cboe'],
];

const number = (digits: string | undefined) => (digits ? Number(digits.replace(/,/g, '')) : null);

/** The text of a document's opening as a reader sees it: tags gone, entities read, spaces collapsed. */
export function coverText(documentText: string): string {
  // Whatever precedes the page itself (a submission's <TYPE> lines) would end up in its text.
  const page = Math.max(0, documentText.search(/<html\b/i));
  return documentBlocks(documentText.slice(page, page + COVER_HTML_CHARS))
    .map((block) => block.text)
    .join(' ')
    .slice(0, COVER_CHARS);
}

export function readOfferingCover(documentText: string): OfferingCover {
  const text = coverText(documentText);
  const range = RANGE.exec(text);
  const symbol = SYMBOL.exec(text);
  // The exchange is the one named in the sentence that gives the symbol.
  const symbolSentence = symbol ? text.slice(Math.max(0, symbol.index - 200), symbol.index) : '';
  const exchange = EXCHANGES.find(([pattern]) => pattern.test(symbolSentence))?.[1] ?? null;
  const company = COMPANY.exec(text)?.[1]?.trim() ?? null;
  return {
    initialOffering: INITIAL_OFFERING.test(text) || (NO_MARKET.test(text) && !ALREADY_LISTED.test(text)),
    companyName: company ? withAbbreviationPoint(company) : null,
    sharesOffered: number(SHARES.exec(text)?.[1]),
    priceLow: number(range?.[1]),
    priceHigh: number(range?.[2]),
    offerPrice: number(PRICE.exec(text)?.[1]),
    symbol: symbol?.[1]?.replace(/\.$/, '') ?? null,
    exchange,
  };
}

/** "Airbnb, Inc" read up to the sentence's period gets its abbreviation's point back. */
function withAbbreviationPoint(name: string): string {
  return /\b(?:Inc|Corp|Co|Ltd|N\.V|S\.A|L\.P|Plc|Bhd)$/i.test(name) ? `${name}.` : name;
}
