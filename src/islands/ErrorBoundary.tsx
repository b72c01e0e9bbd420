import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MESSAGES } from '../lib/messages.ts';

interface Props {
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Keeps one broken island from blanking the page: it shows the fallback with a retry. */
export default class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Island failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="rounded-lg border border-line bg-surface p-4 text-center">
        <p className="font-semibold">{MESSAGES.errorFallback.title}</p>
        <button type="button" className="btn-primary mt-3" onClick={() => this.setState({ failed: false })}>
          {MESSAGES.errorFallback.retry}
        </button>
      </div>
    );
  }
}
