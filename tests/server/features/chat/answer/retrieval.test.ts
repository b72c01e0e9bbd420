import { describe, expect, it } from 'vitest';
import { meaningfulStems, sentencesOf } from '../../../../../src/server/features/chat/answer/retrieval.ts';

describe('quoting from articles', () => {
  it('splits sentences at their end, not at decimals or a company’s legal form', () => {
    expect(
      sentencesOf('Foxglove Credit Co. (FOC) won a contract valued at $37.0 million. Deliveries start next year. Done'),
    ).toEqual([
      'Foxglove Credit Co. (FOC) won a contract valued at $37.0 million.',
      'Deliveries start next year.',
      'Done',
    ]);
  });

  it('searches by the words that carry meaning, cut to a stem', () => {
    expect(meaningfulStems('Any news about the registered direct offerings?')).toEqual(['registe', 'direc', 'offeri']);
  });
});
