/**
 * Issue 24: the route-level error boundary. A page that throws while rendering, or whose chunk cannot
 * be loaded (flaky mobile data, or a deploy that replaced the files), shows a translated message with
 * Retry inside its layout instead of blanking the app. When the chunk is missing because a newer
 * build is deployed, the page reloads once by itself (guarded in sessionStorage, so it cannot loop).
 */
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../ui/button';
import { retryFailedPages } from '../platform/lazy-page';
import { routePaths } from '../../contract/paths';

/** The build this session already reloaded for (the entry script of index.html), so it reloads once per build at most. */
export const RELOADED_FOR_KEY = 'reloadedForBuild';

/** A module or its stylesheet that could not be fetched (Chromium, Firefox, Safari and Vite's preload wording). */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /dynamically imported module|module script failed|Unable to preload CSS|Importing a module script/i.test(error.message);

/** The entry script an index.html names, e.g. /assets/index-abc123.js. */
const entryOf = (html: string) => /<script type="module"[^>]*\ssrc="([^"]+)"/.exec(html)?.[1];

/**
 * Reloads the page when the server's index.html names another entry than the one running (a deploy
 * replaced the chunks this page knows), once per build; true when it reloads.
 */
export async function reloadIfNewBuild(): Promise<boolean> {
  const running = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src');
  if (!running?.startsWith('/assets/')) return false;
  let latest: string | undefined;
  try {
    const response = await fetch('/index.html', { cache: 'no-store' });
    latest = response.ok ? entryOf(await response.text()) : undefined;
  } catch {
    return false; // No connection: the chunk is not stale, the network is; Retry is the answer.
  }
  if (!latest || latest === running) return false;
  try {
    if (sessionStorage.getItem(RELOADED_FOR_KEY) === latest) return false;
    sessionStorage.setItem(RELOADED_FOR_KEY, latest);
  } catch {
    return false; // Without storage a reload could not be kept from looping.
  }
  window.location.reload();
  return true;
}

function RouteErrorView({ chunk, onRetry }: { chunk: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="route-error" aria-labelledby="route-error-title">
      <h1 id="route-error-title">{t('routeError.title')}</h1>
      <p role="alert">{t(chunk ? 'routeError.chunk' : 'routeError.text')}</p>
      <div className="route-error__actions">
        <Button onPress={onRetry}>{t('actions.retry')}</Button>
        <Link href={routePaths.home.build()}>{t('routeError.home')}</Link>
      </div>
    </section>
  );
}

interface Props {
  /** The location: moving to another page clears the error. */
  resetKey: string;
  children: ReactNode;
  /** What surrounds the message (the public layout when the page's own layout is what failed). */
  frame?: (message: ReactNode) => ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  // React reports the error on the console itself.
  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) void reloadIfNewBuild();
  }

  private retry = () => {
    retryFailedPages();
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error === null) return this.props.children;
    const message = <RouteErrorView chunk={isChunkLoadError(this.state.error)} onRetry={this.retry} />;
    return this.props.frame ? this.props.frame(message) : message;
  }
}
