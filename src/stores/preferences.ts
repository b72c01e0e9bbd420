/** Theme, font size and animations, applied to the page and kept in localStorage. */
import { atom } from 'nanostores';
import { PREFERENCE_KEYS, readPreferences, THEME_BAR_COLORS, type Preferences } from '../lib/preferences.ts';

const initial: Preferences =
  typeof localStorage === 'undefined'
    ? { dark: true, fontSizePx: 16, animationsEnabled: true }
    : readPreferences(localStorage);

export const $preferences = atom<Preferences>(initial);

/** Mirrors the inline script in the page head, which applies the same before first paint. */
export function applyPreferences(p: Preferences): void {
  const root = document.documentElement;
  root.classList.toggle('dark', p.dark);
  root.style.colorScheme = p.dark ? 'dark' : 'light';
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', THEME_BAR_COLORS[p.dark ? 'dark' : 'light']);
  root.style.fontSize = `${p.fontSizePx}px`;
  root.dataset.animations = p.animationsEnabled ? 'on' : 'off';
}

function update(patch: Partial<Preferences>): void {
  const next = { ...$preferences.get(), ...patch };
  localStorage.setItem(PREFERENCE_KEYS.theme, String(next.dark));
  localStorage.setItem(PREFERENCE_KEYS.fontSize, `${next.fontSizePx}px`);
  localStorage.setItem(PREFERENCE_KEYS.animationsEnabled, String(next.animationsEnabled));
  $preferences.set(next);
  applyPreferences(next);
}

export const setDarkTheme = (dark: boolean) => update({ dark });
export const toggleTheme = () => update({ dark: !$preferences.get().dark });
export const setFontSize = (fontSizePx: number) => update({ fontSizePx });
export const setAnimationsEnabled = (animationsEnabled: boolean) => update({ animationsEnabled });
