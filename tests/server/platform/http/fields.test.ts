import { describe, expect, it } from 'vitest';
import { idField, isSafeLink, linkField, textField } from '../../../../src/server/platform/http/fields.ts';

describe('text fields', () => {
  it('refuse NUL and other control characters, and broken Unicode', () => {
    const field = textField(100);
    for (const bad of ['a\u0000b', '\u0000', 'a\u0007', 'line\nbreak', '\u009b', 'x\uD800', '\uDC00y']) {
      expect(field.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(field.parse('  Ada Lovelace  ')).toBe('Ada Lovelace');
    expect(field.parse('emoji 📈 and ￿')).toBe('emoji 📈 and ￿');
  });

  it('allow newlines and tabs in multi-line text, and keep spaces when asked', () => {
    expect(textField(100, { multiline: true }).parse('one\n\ttwo\r\n')).toBe('one\n\ttwo');
    expect(textField(100, { multiline: true }).safeParse('a\u0000').success).toBe(false);
    expect(textField(100, { keepSpaces: true }).parse(' secret ')).toBe(' secret ');
  });

  it('keep to their length and say what is wrong', () => {
    const result = textField(3, { min: 1, minMessage: 'title is required' }).safeParse('   ');
    expect(result.error?.issues[0]?.message).toBe('title is required');
    expect(textField(3).safeParse('abcd').success).toBe(false);
  });
});

describe('links', () => {
  it('are absolute http(s) addresses with a host, or paths of this site', () => {
    for (const good of ['https://example.com/deck.pdf', 'http://ir.example.com', '/api/covers/company/ABCD.svg']) {
      expect(isSafeLink(good), good).toBe(true);
    }
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      '/\\/evil.example',
      'javascript:alert(1)',
      'https://',
      'https:/evil.example',
      'ftp://example.com/x',
      'https://exa mple.com',
      'https:\\\\evil.example',
    ]) {
      expect(isSafeLink(bad), bad).toBe(false);
    }
    expect(linkField.parse('')).toBeNull();
  });
});

describe('ids', () => {
  it('stay within the integer column', () => {
    expect(idField.safeParse(2 ** 31 - 1).success).toBe(true);
    for (const bad of [2 ** 31, 0, -1, 1.5, 1e308, Number.NaN])
      expect(idField.safeParse(bad).success, String(bad)).toBe(false);
  });
});
