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
