/**
 * A prospectus cover read (features/edgar/prospectus-cover.ts) from real filings
 * (tests/fixtures/edgar/ipo): an IPO's final prospectus, an IPO's first registration statement with
 * its figures still blank, and a listed company's follow-on offering.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSubmissionText } from '../../../../src/server/features/edgar/submission-text.ts';
import { readOfferingCover } from '../../../../src/server/features/edgar/prospectus-cover.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures/edgar/ipo');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

describe('a prospectus cover', () => {
  it('of an IPO’s pricing prospectus gives the company, shares, price, symbol and exchange', () => {
    expect(readOfferingCover(fixture('camp4.424B4.document.txt'))).toEqual({
      initialOffering: true,
      companyName: 'CAMP4 Therapeutics Corporation',
      sharesOffered: 6_820_000,
      priceLow: null,
      priceHigh: null,
      offerPrice: 11,
      symbol: 'CAMP',
      exchange: 'NASDAQ',
    });
  });

  it('of a first registration statement leaves blank what the filer left blank', () => {
    expect(readOfferingCover(fixture('airbnb.S-1.cover.html'))).toEqual({
      initialOffering: true,
      companyName: 'Airbnb, Inc.',
      sharesOffered: null,
      priceLow: null,
      priceHigh: null,
      offerPrice: null,
      symbol: 'ABNB',
      exchange: 'NASDAQ',
    });
  });

  it('reads a price range in the words filers use for it', () => {
    const cover = fixture('airbnb.S-1.cover.html').replace(
      /between \$(?:&nbsp;)+ and\n\$(?:&nbsp;)+ per share/,
      'between $44.00 and\n$50.00 per share',
    );
    expect(readOfferingCover(cover)).toMatchObject({ priceLow: 44, priceHigh: 50 });
  });

  it('of a listed company’s follow-on offering is not an initial public offering', () => {
    const traws = readSubmissionText(fixture('0001104659-24-132924.txt'), '0001104659-24-132924');
    expect(traws.parties).toEqual([{ role: 'filer', cik: 1130598, name: 'Traws Pharma, Inc.', sic: 2834 }]);
    expect(readOfferingCover(traws.documents[0]!.text)).toMatchObject({
      initialOffering: false,
      companyName: null,
      sharesOffered: 608_197,
      symbol: 'TRAW',
      exchange: 'NASDAQ',
    });
  });

  it('of a listed company’s offering whose warrants have had no market is not an initial public offering', () => {
    const cover = `<html><body><p>We are offering 2,000,000 shares of common stock and Series A Warrants to purchase up to 2,000,000 shares.
      Prior to this offering, there has been no public market for the Series A Warrants. Our common stock is listed on
      the Nasdaq Capital Market under the symbol &#8220;ABCD.&#8221;</p></body></html>`;
    expect(readOfferingCover(cover)).toMatchObject({
      initialOffering: false,
      sharesOffered: 2_000_000,
      symbol: 'ABCD',
    });
  });

  it('reads the wordings of ADS offerings and of units', () => {
    const ads = `<html><body><p>This is an initial public offering of 3,750,000 American depositary shares, or ADSs, of Example
      Holdings Ltd. We currently expect the initial public offering price per ADS to be between US$4.00 and US$5.00.</p></body></html>`;
    expect(readOfferingCover(ads)).toMatchObject({
      initialOffering: true,
      sharesOffered: 3_750_000,
      priceLow: 4,
      priceHigh: 5,
    });
    const units = `<html><body><p>This is an initial public offering of 20,000,000 units at $10.00 per unit.</p></body></html>`;
    expect(readOfferingCover(units)).toMatchObject({
      initialOffering: true,
      sharesOffered: 20_000_000,
      offerPrice: 10,
    });
  });

  it('of a document that is no prospectus says nothing', () => {
    expect(readOfferingCover('<html><body><p>Minutes of the annual meeting.</p></body></html>')).toEqual({
      initialOffering: false,
      companyName: null,
      sharesOffered: null,
      priceLow: null,
      priceHigh: null,
      offerPrice: null,
      symbol: null,
      exchange: null,
    });
  });
});

describe('the opening of a submission text file', () => {
  it('is read with its last document cut where the opening ends', () => {
    const whole = fixture('0001104659-24-132924.txt');
    const opening = whole.slice(0, 20_000);
    expect(() => readSubmissionText(opening, 'x')).toThrow('cut short');
    const read = readSubmissionText(opening, 'x', { opening: true });
    expect(read.form).toBe('424B4');
    expect(read.documents).toHaveLength(1);
    expect(read.documents[0]!.text.length).toBeGreaterThan(15_000);
  });
});
