/**
 * The site's navigation items. Each is public (everyone) or private (shown
 * only with a session); the layout hides private items for guests.
 */
export type Access = 'public' | 'private';

export type NavIcon =
  | 'home'
  | 'chart'
  | 'news'
  | 'mail'
  | 'video'
  | 'calendar'
  | 'chat'
  | 'heart'
  | 'settings'
  | 'trend-up'
  | 'trend-down'
  | 'rocket';

export interface NavItem {
  label: string;
  href: string;
  icon: NavIcon;
  access: Access;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

/** The side navigation on desktop: every destination, grouped. */
export const SIDE_NAV: NavGroup[] = [
  {
    label: 'Discover',
    items: [
      { label: 'Home', href: '/home', icon: 'home', access: 'public' },
      { label: 'Screener', href: '/stocks', icon: 'chart', access: 'public' },
      { label: 'Leaders', href: '/stocks/Leaders', icon: 'trend-up', access: 'public' },
      { label: 'Laggards', href: '/stocks/Laggards', icon: 'trend-down', access: 'public' },
      { label: 'IPO', href: '/stocks/IPO', icon: 'rocket', access: 'public' },
    ],
  },
  {
    label: 'Read and watch',
    items: [
      { label: 'News', href: '/news', icon: 'news', access: 'public' },
      { label: 'Newsletters', href: '/newsletters', icon: 'mail', access: 'public' },
      { label: 'Media', href: '/videos', icon: 'video', access: 'public' },
      { label: 'Events', href: '/events', icon: 'calendar', access: 'public' },
      { label: 'RedChat', href: '/redchat', icon: 'chat', access: 'public' },
    ],
  },
  {
    label: 'You',
    items: [
      { label: 'Favorites', href: '/favorites', icon: 'heart', access: 'private' },
      { label: 'Settings', href: '/settings', icon: 'settings', access: 'public' },
    ],
  },
];

/**
 * Below 1024px, the four sections shown at all times: the bottom bar's on a phone, the top bar's tabs on a
 * tablet. Each is followed by `More`, which holds every other destination (MORE_NAV).
 */
export const SECTION_NAV: NavItem[] = [
  { label: 'Home', href: '/home', icon: 'home', access: 'public' },
  { label: 'Stocks', href: '/stocks', icon: 'chart', access: 'public' },
  { label: 'News', href: '/news', icon: 'news', access: 'public' },
  { label: 'Events', href: '/events', icon: 'calendar', access: 'public' },
];

/**
 * What `More` opens below 1024px (docs/product.md §3.2), the phone's sheet and the tablet's menu alike: the
 * side navigation's groups without the sections already shown, so every width reaches every destination a
 * wide screen lists, and a destination added to the side navigation reaches them too.
 */
export const MORE_NAV: NavGroup[] = SIDE_NAV.map((group) => ({
  label: group.label,
  items: group.items.filter((item) => !SECTION_NAV.some((shown) => shown.href === item.href)),
})).filter((group) => group.items.length > 0);

/** Whether the page at `path` is one of More's destinations (`More` is then drawn as the current section). */
export const isMoreActive = (path: string): boolean =>
  MORE_NAV.some((group) => group.items.some((item) => isActive(item.href, path)));

export function visibleItems<T extends { access: Access }>(items: T[], loggedIn: boolean): T[] {
  return items.filter((item) => item.access === 'public' || loggedIn);
}

/** Whether a nav item is the current section for a path. */
export function isActive(href: string, path: string): boolean {
  const clean = path.replace(/\/+$/, '') || '/';
  if (href === '/home') return clean === '/' || clean === '/home';
  if (href === '/stocks') return clean === '/stocks' || clean === '/stocks/Screener';
  return clean === href || clean.startsWith(`${href}/`);
}

export const FOOTER_GROUPS: NavGroup[] = [
  {
    label: 'Research',
    items: [
      { label: 'Stock screener', href: '/stocks', icon: 'chart', access: 'public' },
      { label: 'Top leaders', href: '/stocks/Leaders', icon: 'trend-up', access: 'public' },
      { label: 'Top laggards', href: '/stocks/Laggards', icon: 'trend-down', access: 'public' },
      { label: 'IPO calendar', href: '/stocks/IPO', icon: 'rocket', access: 'public' },
    ],
  },
  {
    label: 'Media',
    items: [
      { label: 'News', href: '/news', icon: 'news', access: 'public' },
      { label: 'Newsletters', href: '/newsletters', icon: 'mail', access: 'public' },
      { label: 'Video library', href: '/videos', icon: 'video', access: 'public' },
      { label: 'Events and webinars', href: '/events', icon: 'calendar', access: 'public' },
    ],
  },
  {
    label: 'Legal',
    items: [
      { label: 'Terms of use', href: '/terms', icon: 'news', access: 'public' },
      { label: 'Privacy policy', href: '/privacypolicy', icon: 'news', access: 'public' },
      { label: 'User policy', href: '/userpolicy', icon: 'news', access: 'public' },
      { label: 'API reference', href: '/api-docs', icon: 'news', access: 'public' },
    ],
  },
];
