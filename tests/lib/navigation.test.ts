import { describe, expect, it } from 'vitest';
import { BOTTOM_NAV, PRIMARY_NAV, SIDE_NAV, isActive, visibleItems } from '../../src/lib/navigation.ts';

describe('navigation', () => {
  it('hides private items from guests and shows them to signed-in users', () => {
    const guest = visibleItems(PRIMARY_NAV, false).map((i) => i.label);
    const member = visibleItems(PRIMARY_NAV, true).map((i) => i.label);
    expect(guest).not.toContain('Favorites');
    expect(member).toContain('Favorites');
    expect(member.length).toBe(PRIMARY_NAV.length);
  });

  it('gives the bottom navigation a Settings entry', () => {
    expect(BOTTOM_NAV.some((i) => i.href === '/settings')).toBe(true);
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
