import { describe, expect, it } from 'vitest';
import { MORE_NAV, SECTION_NAV, SIDE_NAV, isActive, isMoreActive, visibleItems } from '../../src/lib/navigation.ts';

describe('navigation', () => {
  const moreItems = MORE_NAV.flatMap((g) => g.items);

  it('hides private items from guests and shows them to signed-in users', () => {
    const guest = visibleItems(moreItems, false).map((i) => i.label);
    const member = visibleItems(moreItems, true).map((i) => i.label);
    expect(guest).not.toContain('Favorites');
    expect(guest).toContain('Settings');
    expect(member).toContain('Favorites');
    expect(member.length).toBe(moreItems.length);
  });

  it('reaches every destination of the side navigation below 1024px, from the four sections or More', () => {
    const narrow = [...SECTION_NAV, ...moreItems].map((i) => i.href);
    for (const item of SIDE_NAV.flatMap((g) => g.items)) expect(narrow, item.label).toContain(item.href);
    expect(narrow).toEqual(
      expect.arrayContaining(['/stocks/Leaders', '/stocks/Laggards', '/stocks/IPO', '/newsletters', '/settings']),
    );
  });

  it('shows four sections and More, which repeats none of them', () => {
    expect(SECTION_NAV.map((i) => i.label)).toEqual(['Home', 'Stocks', 'News', 'Events']);
    const more = moreItems.map((i) => i.href);
    for (const item of SECTION_NAV) expect(more).not.toContain(item.href);
    expect(MORE_NAV.map((g) => g.label)).toEqual(['Discover', 'Read and watch', 'You']);
  });

  it('marks More as the current section on the pages it holds and on no other', () => {
    for (const path of ['/stocks/Leaders', '/stocks/IPO', '/newsletters/', '/videos/12', '/settings/Profile_Info']) {
      expect(isMoreActive(path), path).toBe(true);
    }
    for (const path of ['/', '/home', '/stocks', '/stocks/Screener', '/news/1', '/events']) {
      expect(isMoreActive(path), path).toBe(false);
    }
  });

  it('marks the current section, treating / as home and /stocks/Screener as the screener', () => {
    expect(isActive('/home', '/')).toBe(true);
    expect(isActive('/stocks', '/stocks/Screener')).toBe(true);
    expect(isActive('/news', '/news/123')).toBe(true);
    expect(isActive('/news', '/newsletters')).toBe(false);
  });
});
