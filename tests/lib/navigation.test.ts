import { describe, expect, it } from 'vitest';
import { BOTTOM_NAV, MORE_NAV, PRIMARY_NAV, SIDE_NAV, isActive, visibleItems } from '../../src/lib/navigation.ts';

describe('navigation', () => {
  it('hides private items from guests and shows them to signed-in users', () => {
    const guest = visibleItems(PRIMARY_NAV, false).map((i) => i.label);
    const member = visibleItems(PRIMARY_NAV, true).map((i) => i.label);
    expect(guest).not.toContain('Favorites');
    expect(member).toContain('Favorites');
    expect(member.length).toBe(PRIMARY_NAV.length);
  });

  it('reaches every destination of the side navigation on a phone, from the bottom bar or its More sheet', () => {
    const phone = [...BOTTOM_NAV, ...MORE_NAV.flatMap((g) => g.items)].map((i) => i.href);
    for (const item of SIDE_NAV.flatMap((g) => g.items)) expect(phone, item.label).toContain(item.href);
    expect(phone).toEqual(expect.arrayContaining(['/favorites', '/redchat', '/settings']));
  });

  it('keeps the bottom bar to four sections and More, which repeats none of them', () => {
    expect(BOTTOM_NAV.map((i) => i.label)).toEqual(['Home', 'Stocks', 'News', 'Events']);
    const more = MORE_NAV.flatMap((g) => g.items.map((i) => i.href));
    for (const item of BOTTOM_NAV) expect(more).not.toContain(item.href);
    expect(MORE_NAV.map((g) => g.label)).toEqual(['Discover', 'Read and watch', 'You']);
  });

  it('marks the current section, treating / as home and /stocks/Screener as the screener', () => {
    expect(isActive('/home', '/')).toBe(true);
    expect(isActive('/stocks', '/stocks/Screener')).toBe(true);
    expect(isActive('/news', '/news/123')).toBe(true);
    expect(isActive('/news', '/newsletters')).toBe(false);
  });

  it('lists every destination of the primary navigation in the side navigation', () => {
    const side = SIDE_NAV.flatMap((g) => g.items.map((i) => i.href));
    for (const item of PRIMARY_NAV) expect(side).toContain(item.href === '/stocks' ? '/stocks' : item.href);
  });
});
