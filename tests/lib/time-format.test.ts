import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../src/lib/time-format.ts';

describe('relative time', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const ago = (seconds: number) => formatRelativeTime(new Date(now.getTime() - seconds * 1000), now);

  it('uses the largest whole unit and says just now under a minute', () => {
    expect(ago(30)).toBe('just now');
    expect(ago(60)).toBe('1 minute ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(8 * 86400)).toBe('1 week ago');
    expect(ago(31 * 86400)).toBe('1 month ago');
    expect(ago(400 * 86400)).toBe('1 year ago');
  });
});
