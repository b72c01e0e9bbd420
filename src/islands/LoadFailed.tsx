/**
 * What an island shows when its data did not load: the failure, in the
 * alert every form message uses, and a button that reads again. The words
 * are the island's own.
 */
import { MESSAGES } from '../lib/messages.ts';
import { FormMessage } from './forms/controls.tsx';

export default function LoadFailed({
  text,
  retryLabel = MESSAGES.errorFallback.retry,
  onRetry,
  className = 'flex flex-col gap-3',
}: {
  text: string;
  /** The button's words (the site's usual "Try again" unless the island says otherwise). */
  retryLabel?: string;
  onRetry: () => void;
  /** The panel's place in its island (margins, spacing). */
  className?: string;
}) {
  return (
    <div className={className}>
      <FormMessage kind="error">{text}</FormMessage>
      <button type="button" className="btn-secondary self-start" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
