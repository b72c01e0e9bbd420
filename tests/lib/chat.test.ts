import { describe, expect, it } from 'vitest';
import { cutChatCompany, cutChatTitle } from '../../src/lib/chat.ts';

describe('chat titles and company names', () => {
  it('cut titles over 42 characters to 40, and leave 42 alone', () => {
    expect(cutChatTitle('a'.repeat(42))).toBe('a'.repeat(42));
    expect(cutChatTitle('a'.repeat(43))).toBe(`${'a'.repeat(40)}…`);
  });

  it('cut company names at 32 characters', () => {
    expect(cutChatCompany('Acme Corp')).toBe('Acme Corp');
    expect(cutChatCompany('Reef Pharmaceuticals Holdings, Incorporated')).toBe('Reef Pharmaceuticals Holdings, I…');
  });
});
