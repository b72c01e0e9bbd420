/** Push on this device (docs/product.md §15.7): where the device stands, and the button that changes it. */
import { useEffect, useState } from 'react';
import { ALERT_TEXT as T } from '../../lib/alerts.ts';
import { FormMessage } from '../forms/controls.tsx';
import { failureText } from '../auth/shared.ts';
import { devicePush, turnOffPush, turnOnPush, type DevicePush } from './push-device.ts';

/** Push on this device: its state, and the button that changes it. */
export default function DevicePushControl() {
  const [state, setState] = useState<DevicePush | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    devicePush()
      .then((found) => live && setState(found))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setState(await (on ? turnOnPush() : turnOffPush()));
    } catch (failure) {
      setError(failureText(failure, T.deviceFailed));
      setState(await devicePush().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  if (state === null) {
    return (
      <p role="status" className="text-sm text-muted">
        {T.companyLoading}
      </p>
    );
  }
  const text = {
    unsupported: T.deviceUnsupported,
    denied: T.deviceDenied,
    on: T.deviceOn,
    off: T.deviceOff,
  }[state];
  return (
    <div className="flex flex-col gap-3" data-testid="device-push" data-state={state}>
      <p role="status" className="text-sm">
        {text}
      </p>
      {(state === 'on' || state === 'off') && (
        <button
          type="button"
          className={`${state === 'on' ? 'btn-secondary' : 'btn-primary'} self-start`}
          disabled={busy}
          aria-busy={busy}
          onClick={() => void change(state === 'off')}
        >
          {busy ? T.deviceWorking : state === 'on' ? T.deviceTurnOff : T.deviceTurnOn}
        </button>
      )}
      {error && <FormMessage kind="error">{error}</FormMessage>}
    </div>
  );
}
