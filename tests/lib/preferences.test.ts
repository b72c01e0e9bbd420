import { describe, expect, it } from 'vitest';
import { readPreferences } from '../../src/lib/preferences.ts';

const storage = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });

describe('stored preferences', () => {
  it('default to dark, 16px and animations on when nothing is stored', () => {
    expect(readPreferences(storage({}))).toEqual({ dark: true, fontSizePx: 16, animationsEnabled: true });
  });

  it("read theme 'true' as dark and anything else as light", () => {
    expect(readPreferences(storage({ theme: 'true' })).dark).toBe(true);
    expect(readPreferences(storage({ theme: 'false' })).dark).toBe(false);
  });

  it('accept font sizes written with or without px and ignore nonsense', () => {
    expect(readPreferences(storage({ fontSize: '18px' })).fontSizePx).toBe(18);
    expect(readPreferences(storage({ fontSize: '20' })).fontSizePx).toBe(20);
    expect(readPreferences(storage({ fontSize: 'huge' })).fontSizePx).toBe(16);
    expect(readPreferences(storage({ fontSize: '400px' })).fontSizePx).toBe(16);
    expect(readPreferences(storage({ animationsEnabled: 'false' })).animationsEnabled).toBe(false);
  });
});
