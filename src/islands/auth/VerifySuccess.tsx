import { useEffect, useState } from 'react';
import { navigate } from './shared.ts';

const REDIRECT_SECONDS = 3;

/** Confirms verification and goes home by itself after three seconds. */
export default function VerifySuccess() {
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  useEffect(() => {
    const tick = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const done = setTimeout(() => navigate('/'), REDIRECT_SECONDS * 1000);
    return () => {
      clearInterval(tick);
      clearTimeout(done);
    };
  }, []);
  return (
    <div className="flex flex-col items-center gap-4 text-center" data-testid="verify-success">
      <p className="text-5xl" aria-hidden="true">
        ✓
      </p>
      <p>Your account is verified. Taking you to the dashboard in {left} s…</p>
      <a href="/" className="btn-primary">
        Go to Dashboard
      </a>
    </div>
  );
}
