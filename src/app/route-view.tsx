/**
 * Renders the route that matches the location: its access decision, its layout (kept mounted while
 * the user moves between routes of one layout) and its lazy view; sets the page title.
 */
import { lazy, Suspense, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { matchPattern } from '../../contract/paths';
import { selectStatus, useAuthSelector } from './auth-context';
import { HomeLayout } from '../features/shell/home-layout';
import { Spinner } from '../ui/spinner';
import { decideAccess } from './access';
import { routes, type AppRoute, type Layout } from './routes';
import { pageShown } from '../api/page-data';

const BareLayout = ({ children }: { children: ReactNode }) => <>{children}</>;

// The public layout ships with the first page; the others load with their first route.
const layouts: Record<Layout, ComponentType<{ children: ReactNode }>> = {
  home: HomeLayout,
  user: lazy(() => import('../features/shell/user-layout')),
  login: lazy(() => import('../features/shell/login-layout')),
  ot: lazy(() => import('../features/shell/ot-layout')),
  creditMed: lazy(() => import('../features/shell/credit-med-layout')),
  bare: BareLayout,
};

const useMatchedRoute = (): AppRoute | undefined => {
  const [location] = useLocation();
  return useMemo(() => routes.find((route) => matchPattern(route.path, location) !== null), [location]);
};

function useDocumentTitle(titleKey: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} | ${t('site.name')}`;
    // index.html carries the Mongolian description for the first response; the page's language and title replace it.
    document.querySelector('meta[name="description"]')?.setAttribute('content', `${t(titleKey)}. ${t('site.description')}`);
  }, [t, titleKey, i18n.language]);
}

function PageLoading() {
  const { t } = useTranslation();
  return <Spinner label={t('status.loading')} />;
}

function MatchedRoute({ route }: { route: AppRoute }) {
  const [location] = useLocation();
  const search = useSearch();
  const status = useAuthSelector(selectStatus);
  useDocumentTitle(route.title);
  const decision = decideAccess(route.access, status, location, new URLSearchParams(search).get('next'));
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  const LayoutView = layouts[route.layout];
  return (
    <Suspense fallback={<PageLoading />}>
      <LayoutView>
        {decision.kind === 'wait' ? (
          <PageLoading />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <Route path={route.path} component={route.view} />
          </Suspense>
        )}
      </LayoutView>
    </Suspense>
  );
}

export function RouteView() {
  const route = useMatchedRoute();
  const [location] = useLocation();
  // Data the page was sent with holds only while its own path is shown (src/api/page-data.ts).
  useEffect(() => pageShown(location), [location]);
  // A path with no route has no access level: it goes home (SPEC 2).
  if (!route) return <Redirect to="/" replace />;
  return <MatchedRoute route={route} />;
}
