import { Component, Suspense, type ReactNode } from 'react';

interface Props {
  /** Shown in place of the part when its code could not be loaded; `retry` tries again. */
  fallback: (retry: () => void) => ReactNode;
  /** Called on retry, before the part renders again: give it a fresh lazy component (React keeps a failed one failed). */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Keeps a lazily loaded part's failure to itself: a chunk that does not arrive (no signal, a new version deployed
 * meanwhile) shows a way to try again there, instead of taking the whole page down to the root error page. Only a
 * page's chunk reloads the page (lib/chunk-guard.ts): a part the shopper just opened (the cart panel) would close.
 */
export class ChunkBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}

const leftOut = () => null;
const noRetry = () => undefined;

/**
 * A lazily loaded part the page can do without (the footer's sign-up, the account's panel, a content page's widgets),
 * loading in its own time: should its code not arrive, the part is left out (or `instead` is drawn) rather than the
 * page taken down.
 */
export function OptionalChunk({ children, instead = leftOut }: { children: ReactNode; instead?: () => ReactNode }) {
  return (
    <ChunkBoundary fallback={instead} onRetry={noRetry}>
      <Suspense fallback={null}>{children}</Suspense>
    </ChunkBoundary>
  );
}
