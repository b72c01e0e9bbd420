/**
 * Display preferences kept in localStorage under the keys of docs/product.md (§15.4):
 * theme ('true' means dark; dark when nothing is stored), fontSize (default
 * 16px) and animationsEnabled.
 */
export const PREFERENCE_KEYS = {
  theme: 'theme',
  fontSize: 'fontSize',
  animationsEnabled: 'animationsEnabled',
} as const;

/**
 * The browser's and the installed app's bar colour for each theme: the page
 * background (--bg in global.css), so the bar and the page are one surface.
 * The web app manifest names the dark one, the theme readers start in.
 */
export const THEME_BAR_COLORS = { dark: '#0e0f12', light: '#f6f7f9' } as const;

export const DEFAULT_FONT_SIZE_PX = 16;
export const FONT_SIZES_PX = [14, 16, 18, 20] as const;

export interface Preferences {
  dark: boolean;
  fontSizePx: number;
  animationsEnabled: boolean;
}

type Storage = Pick<globalThis.Storage, 'getItem'>;

export function readPreferences(storage: Storage): Preferences {
  const theme = storage.getItem(PREFERENCE_KEYS.theme);
  const size = Number.parseInt(storage.getItem(PREFERENCE_KEYS.fontSize) ?? '', 10);
  return {
    dark: theme === null ? true : theme === 'true',
    fontSizePx: Number.isFinite(size) && size >= 10 && size <= 32 ? size : DEFAULT_FONT_SIZE_PX,
    animationsEnabled: storage.getItem(PREFERENCE_KEYS.animationsEnabled) !== 'false',
  };
}
