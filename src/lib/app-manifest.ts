/**
 * The web app manifest: what makes the site installable as an app
 * (docs/product.md §3.7). It opens in a window of its own on the home
 * page, with shortcuts to the screener, RedChat and favorites; icons are
 * the site's mark on its red, the maskable one with room for the shapes
 * launchers cut.
 */
import { THEME_BAR_COLORS } from './preferences.ts';
import { SITE } from './site.ts';

const ICON = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' } as const;

export const APP_MANIFEST = {
  id: '/',
  name: `${SITE.name} — ${SITE.tagline}`,
  short_name: SITE.name,
  description: SITE.description,
  start_url: '/',
  scope: '/',
  display: 'standalone',
  background_color: THEME_BAR_COLORS.dark,
  theme_color: THEME_BAR_COLORS.dark,
  categories: ['finance', 'business', 'news'],
  icons: [
    { ...ICON, purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'Screener', url: '/stocks', description: 'Screen US small-cap stocks', icons: [ICON] },
    { name: 'RedChat', url: '/redchat', description: 'Ask the research assistant', icons: [ICON] },
    { name: 'Favorites', url: '/favorites', description: 'The companies, videos and news you follow', icons: [ICON] },
  ],
} as const;

/** What the installed app says about itself: the prompt for a published new version, the offline page. */
export const APP_TEXT = {
  updateAvailable: 'A new version is available',
  reload: 'Reload',
  offlineTitle: 'You are offline',
  offlineText:
    'This page has not been saved on this device yet. The pages you opened before, your favorites and your last screens still open without a connection.',
} as const;
