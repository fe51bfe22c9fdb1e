/**
 * The current page's head (src/app/page-heads.ts) while its layout, its view or the user's profile
 * load: the heading and lead the server drew in the HTML stay in view until the page draws its own,
 * instead of giving way to a bare spinner. Pages without a head show nothing here.
 *
 * Its texts are the page's: from i18next once the page's namespace is there (the server asks for it
 * with the page, server/http/route-preloads.ts), and until then from the head the server drew, read
 * once before the app's first render, for the address the page was opened at.
 */
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { headClasses } from '../../contract/page-head';
import { Logo } from '../features/shell/logo';
import { PAGE_HEADS, type PageHead } from './page-heads';
import type { AppRoute } from './routes';

interface Drawn {
  path: string;
  eyebrow?: string;
  title: string;
  lead?: string;
}

/** The head index.html's shell holds at start-up (server/http/page-heads.ts), if any. */
const drawn: Drawn | undefined = (() => {
  const title = globalThis.document?.querySelector('#root .page-head__title')?.textContent;
  if (!title) return undefined;
  const text = (selector: string) => document.querySelector(`#root ${selector}`)?.textContent ?? undefined;
  return { path: location.pathname, title, eyebrow: text('.page-head__eyebrow'), lead: text('.page-head__lead') };
})();

const namespaceOf = (key: string) => key.split(':')[0] ?? 'common';

/** The head's markup; `framed` when it stands outside a layout's main area (as the server's does). */
function PageHeadView({ head, texts, framed }: { head: PageHead; texts: Omit<Drawn, 'path'>; framed: boolean }) {
  return (
    <div className={headClasses(head.frame, framed)}>
      {texts.eyebrow ? <p className="page-head__eyebrow">{texts.eyebrow}</p> : null}
      <h1 className="page-head__title">{texts.title}</h1>
      {texts.lead ? <p className="page-head__lead">{texts.lead}</p> : null}
    </div>
  );
}

/** The route's head and the texts to draw it with, if it has one and they are there. */
function useRouteHead(route: AppRoute) {
  const [location] = useLocation();
  const head = route.name !== 'notFound' ? PAGE_HEADS[route.name] : undefined;
  const keys = head ? [head.eyebrow, head.title, head.lead].filter((key): key is string => Boolean(key)) : [];
  const { t, ready } = useTranslation([...new Set(keys.map(namespaceOf))], { useSuspense: false });
  if (!head) return undefined;
  const texts = ready ? { eyebrow: head.eyebrow && t(head.eyebrow), title: t(head.title), lead: head.lead && t(head.lead) } : drawn?.path === location ? drawn : undefined;
  return texts ? { head, texts } : undefined;
}

/**
 * A loading state (`children`: its spinner) with the head of `route` (the one shown) above it. `framed`: drawn outside any
 * layout (while the layout loads, or the user's profile), under the shell's bar with the logo, as the
 * server drew it; otherwise inside the layout's main area. When the head comes (its texts loaded),
 * the loading state is drawn anew below it rather than pushed down (no layout shift).
 */
export function RouteLoading({ route, framed = false, children }: { route: AppRoute; framed?: boolean; children: ReactNode }) {
  const shown = useRouteHead(route);
  return (
    <Fragment key={shown ? 'head' : 'none'}>
      {shown && framed ? (
        <div className="app-shell__bar">
          <div className="container app-shell__inner">
            <Logo />
          </div>
        </div>
      ) : null}
      {shown ? <PageHeadView head={shown.head} framed={framed} texts={shown.texts} /> : null}
      {children}
    </Fragment>
  );
}
