import { useStore } from '@nanostores/react';
import { FONT_SIZES_PX } from '../lib/preferences.ts';
import { $preferences, setAnimationsEnabled, setDarkTheme, setFontSize } from '../stores/preferences.ts';
import ErrorBoundary from './ErrorBoundary.tsx';

function Switch(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  detail: string;
}) {
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={props.id} className="font-medium">
          {props.label}
        </label>
        <p className="text-sm text-muted">{props.detail}</p>
      </div>
      <button
        id={props.id}
        type="button"
        role="switch"
        aria-checked={props.checked}
        className="switch"
        onClick={() => props.onChange(!props.checked)}
        data-testid={`${props.id}-switch`}
      >
        <span className="switch-thumb" />
      </button>
    </div>
  );
}

function Settings() {
  const prefs = useStore($preferences);
  return (
    <div className="divide-y divide-line">
      <Switch
        id="theme"
        label={prefs.dark ? 'Dark' : 'Light'}
        detail="Theme of the site on this device."
        checked={prefs.dark}
        onChange={setDarkTheme}
      />
      <section aria-labelledby="accessibility-heading" className="pt-3">
        <h2 id="accessibility-heading" className="text-lg font-semibold">
          Accessibility
        </h2>
        <Switch
          id="animations"
          label="Animations"
          detail="Motion in menus, charts and transitions."
          checked={prefs.animationsEnabled}
          onChange={setAnimationsEnabled}
        />
        <fieldset className="py-3">
          <legend className="font-medium">Font size</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {FONT_SIZES_PX.map((size) => (
              <label key={size} className="chip cursor-pointer has-[:checked]:chip-active">
                <input
                  type="radio"
                  name="font-size"
                  value={size}
                  checked={prefs.fontSizePx === size}
                  onChange={() => setFontSize(size)}
                  className="sr-only"
                />
                {size}px
              </label>
            ))}
          </div>
        </fieldset>
      </section>
    </div>
  );
}

export default function DisplaySettings() {
  return (
    <ErrorBoundary>
      <Settings />
    </ErrorBoundary>
  );
}
