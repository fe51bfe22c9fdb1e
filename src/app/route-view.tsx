/**
 * Renders the route that matches the location: its access decision, its layout (kept mounted while
 * the user moves between routes of one layout) and its lazy view; sets the page title.
 */
import { Suspense, useCallback, useEffect, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, useLocation, useSearch } from 'wouter';
import { matchPattern } from '../../contract/paths';
import { selectStatus, useAuthSelector } from '../platform/auth-context';
import { HomeLayout } from '../features/shell/home-layout';
import { Spinner } from '../ui/spinner';
import { decideAccess } from './access';
import { inSignedInArea, notFoundRoutes, routes, type AppRoute, type Layout } from './routes';
import { lazyPage } from '../platform/lazy-page';
import { RouteErrorBoundary } from './route-error';
import { RouteLoading } from './route-head';
import { pageShown } from '../api/page-data';
import { setDescription } from '../platform/page-meta';
import { LoadingFrameContext } from '../platform/loading-head';

const BareLayout = ({ children }: { children: ReactNode }) => <>{children}</>;

// The public layout ships with the first page; the others load with their first route.
const layouts: Record<Layout, ComponentType<{ children: ReactNode }> & { preload?: () => void }> = {
  home: HomeLayout,
  user: lazyPage(() => import('../features/shell/user-layout')),
  login: lazyPage(() => import('../features/shell/login-layout')),
  ot: lazyPage(() => import('../features/shell/mining-layout')),
  creditMed: lazyPage(() => import('../features/shell/credit-med-layout')),
  bare: BareLayout,
};

const useMatchedRoute = (): AppRoute | undefined => {
  const [location] = useLocation();
  return useMemo(() => routes.find((route) => matchPattern(route.path, location) !== null), [location]);
};

/** Pages that set their description themselves (a product's own line), once their data is there. */
const OWN_DESCRIPTION: readonly AppRoute['name'][] = ['insuranceDetail'];

function useDocumentTitle({ title: titleKey, name }: AppRoute) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    document.title = `${t(titleKey)} | ${t('site.name')}`;
    // Issue 24: the description in the language shown, the route's own or the site's.
    if (!OWN_DESCRIPTION.includes(name)) setDescription(t(`meta.${name}`, { defaultValue: t('meta.default') }));
  }, [t, titleKey, name, i18n.language]);
}

/** While a page's layout or view loads: its head, where it has one (src/app/page-heads.ts), and a spinner. */
function PageLoading({ route, framed = false }: { route: AppRoute; framed?: boolean }) {
  const { t } = useTranslation();
  return (
    <RouteLoading route={route} framed={framed}>
      <Spinner label={t('status.loading')} />
    </RouteLoading>
  );
}

function MatchedRoute({ route }: { route: AppRoute }) {
  const [location] = useLocation();
  const search = useSearch();
  const status = useAuthSelector(selectStatus);
  useDocumentTitle(route);
  // A layout's own loading state (the user layout's, while the profile loads), outside its main area.
  const layoutLoading = useCallback(
    (loading: ReactNode) => (
      <RouteLoading route={route} framed>
        {loading}
      </RouteLoading>
    ),
    [route],
  );
  const decision = decideAccess(route.access, status, location, new URLSearchParams(search).get('next'));
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  const LayoutView = layouts[route.layout];
  const View = route.view;
  // Both chunks asked for at once: the page's would otherwise wait until its layout had come and
  // rendered (a round trip more on a phone's network). Asking again is free: each is asked for once.
  LayoutView.preload?.();
  View.preload();
  // The page's head (src/app/page-heads.ts) is what each loading state shows above its spinner.
  // Two error boundaries (issue 24): the page's, inside its layout, so header and menu stay; and the
  // layout's own, for a layout that fails to load, which shows the message in the public layout.
  return (
    <RouteErrorBoundary resetKey={location} frame={(message) => <HomeLayout>{message}</HomeLayout>}>
      <Suspense fallback={<PageLoading route={route} framed />}>
        <LoadingFrameContext.Provider value={layoutLoading}>
          <LayoutView>
            <RouteErrorBoundary resetKey={location}>
              {decision.kind === 'wait' ? (
                <PageLoading route={route} />
              ) : (
                <Suspense fallback={<PageLoading route={route} />}>
                  {route.name === 'notFound' ? <View /> : <Route path={route.path} component={View} />}
                </Suspense>
              )}
            </RouteErrorBoundary>
          </LayoutView>
        </LoadingFrameContext.Provider>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function RouteView() {
  const route = useMatchedRoute();
  const [location] = useLocation();
  const status = useAuthSelector(selectStatus);
  // Data the page was sent with holds only while its own path is shown (src/api/page-data.ts).
  useEffect(() => pageShown(location), [location]);
  if (route) return <MatchedRoute route={route} />;
  // A path with no route shows the 404 page (issue 24), in the layout of the area it is in.
  return <MatchedRoute route={inSignedInArea(location) && status !== 'signedOut' ? notFoundRoutes.user : notFoundRoutes.public} />;
}
