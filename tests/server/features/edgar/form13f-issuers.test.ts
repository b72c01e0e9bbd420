/**
 * Which listed company a 13F holding is of by its issuer's name, as the SEC's 13F list writes it
 * (names taken from the real filings in tests/fixtures/edgar/13f) against the names the Nasdaq
 * screener gives listed companies.
 */
import { describe, expect, it } from 'vitest';
import { companyNames, isEquity, nameWords } from '../../../../src/server/features/edgar/form13f/issuers.ts';

const listed = companyNames([
  { symbol: 'IRTC', name: 'iRhythm Technologies, Inc. Common Stock' },
  { symbol: 'EPAM', name: 'EPAM Systems, Inc. Common Stock' },
  { symbol: 'CSGP', name: 'CoStar Group, Inc. Common Stock' },
  { symbol: 'IFF', name: 'International Flavors & Fragrances, Inc. Common Stock' },
  { symbol: 'ICE', name: 'Intercontinental Exchange Inc. Common Stock' },
  { symbol: 'AIR', name: 'AAR Corp. Common Stock' },
  { symbol: 'USB', name: 'U.S. Bancorp Common Stock' },
  { symbol: 'JNJ', name: 'Johnson & Johnson Common Stock' },
  { symbol: 'ACMA', name: 'Acme Holdings, Inc. Class A Common Stock' },
  { symbol: 'ACMG', name: 'Acme Group Ltd. Ordinary Shares' },
]);

describe('an issuer’s name from a 13F', () => {
  it('matches the listed company of the same name, legal forms, classes and abbreviations evened out', () => {
    expect(listed.match('IRHYTHM TECHNOLOGIES INC')).toBe('IRTC');
    expect(listed.match('EPAM SYS INC')).toBe('EPAM');
    expect(listed.match('COSTAR GROUP INC')).toBe('CSGP');
    expect(listed.match('AAR CORP')).toBe('AIR');
    expect(listed.match('U S BANCORP DEL')).toBe('USB');
    expect(listed.match('Johnson & Johnson')).toBe('JNJ');
  });

  it('cut after 28 characters matches the one company whose name it starts', () => {
    expect(listed.match('INTERNATIONAL FLAVORS&FRAGRA')).toBe('IFF');
    expect(listed.match('INTERCONTINENTAL EXCHANGE IN')).toBe('ICE');
    // Short of 28 characters a name is whole: its last word must be whole too.
    expect(listed.match('INTERCONTINENTAL EXCH')).toBeNull();
  });

  it('matches no company when two listed companies share its name', () => {
    expect(nameWords('Acme Holdings, Inc. Class A Common Stock')).toEqual(['ACME']);
    expect(listed.match('ACME HLDGS INC')).toBeNull();
  });

  it('of a company not listed matches none', () => {
    expect(listed.match('AMAZON COM INC')).toBeNull();
  });
});

describe('a CUSIP', () => {
  it('is of common equity with digits in its issue number and a class of shares', () => {
    expect(isEquity('450056106', 'COM')).toBe(true);
    expect(isEquity('02079K305', 'CAP STK CL A')).toBe(true);
    expect(isEquity('344419106', 'SPON ADR UNITS')).toBe(false);
  });

  it('is not of common equity when its issue number has letters (a debt issue) or its class is a note, preferred or warrant', () => {
    expect(isEquity('46435UAA9', 'IBONDS DEC2026')).toBe(false);
    expect(isEquity('037833100', 'NOTE 2.5% 5/1')).toBe(false);
    expect(isEquity('123456201', 'PFD SER A')).toBe(false);
    expect(isEquity('123456119', '*W EXP 01/01/202')).toBe(false);
  });
});
