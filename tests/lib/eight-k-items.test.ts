import { describe, expect, it } from 'vitest';
import { EIGHT_K_ITEMS, eightKItem, eightKItemNumbers, releaseTags } from '../../src/lib/eight-k-items.ts';

describe('the items of Form 8-K', () => {
  it('are read from the item descriptions of a real header, in the form’s order', () => {
    // ABVC BioPharma's 8-K of 2025-04-15 (tests/fixtures/edgar/8k), its header's descriptions as written.
    expect(
      eightKItemNumbers([
        'Results of Operations and Financial Condition',
        'Non-Reliance on Previously Issued Financial Statements or a Related Audit Report or Completed Interim Review',
        'Regulation FD Disclosure',
        'Financial Statements and Exhibits',
      ]),
    ).toEqual(['2.02', '4.02', '7.01', '9.01']);
  });

  it('match a title whatever its case and punctuation, EDGAR’s colon between the parts of 5.02 included', () => {
    expect(
      eightKItemNumbers([
        'Departure of Directors or Certain Officers; Election of Directors; Appointment of Certain Officers: Compensatory Arrangements of Certain Officers',
        'OTHER EVENTS',
        'Changes in Registrant’s Certifying Accountant',
      ]),
    ).toEqual(['4.01', '5.02', '8.01']);
  });

  it('match a title EDGAR cut short, or one named by its number, and leave out what names no item', () => {
    expect(
      eightKItemNumbers([
        'Entry into a Material Definitive',
        'Item 3.02 Unregistered Sales',
        'Something else entirely',
        'Other',
        '',
      ]),
    ).toEqual(['1.01', '3.02']);
  });

  it('are every item of the form’s nine sections, each numbered once with a label', () => {
    const numbers = EIGHT_K_ITEMS.map((i) => i.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(numbers).toContain('1.05');
    expect(numbers).toContain('5.08');
    expect(numbers.at(-1)).toBe('9.01');
    expect(eightKItem('7.01')).toMatchObject({ title: 'Regulation FD Disclosure', label: 'Regulation FD' });
    expect(eightKItem('9.99')).toBeUndefined();
    for (const item of EIGHT_K_ITEMS) expect(eightKItemNumbers([item.title])).toEqual([item.number]);
  });

  it('are shown as tags without the exhibits item every release-bearing 8-K has', () => {
    expect(releaseTags(['2.02', '7.01', '9.01', '9.99'])).toEqual([
      { number: '2.02', label: 'Results of operations', title: 'Results of Operations and Financial Condition' },
      { number: '7.01', label: 'Regulation FD', title: 'Regulation FD Disclosure' },
    ]);
  });
});
