/** Providers (actors, i18n for react-aria, router for react-aria links) around the route view. */
import { useEffect, type ReactNode } from 'react';
import { I18nProvider, RouterProvider } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { configureApi } from '../api/client';
import { appAuthMachine, AuthActor } from '../features/auth/auth-context';
import { readToken } from '../features/auth/session-storage';
import { appCookieConsentMachine, CookieConsentActor, readStoredConsent } from '../features/cookies/cookie-consent-context';
import { AlertActor } from '../features/shell/alert-context';
import i18next from 'i18next';
import { localeOf } from './i18n';
import { paths } from './paths';
import { RouteView } from './route-view';

/** Connects the API client to the session; any 401 but the token call goes to the logout route (SPEC 8). */
function ApiBridge() {
  const auth = AuthActor.useActorRef();
  useEffect(() => {
    configureApi({
      getToken: () => auth.getSnapshot().context.token,
      getLanguage: () => i18next.language,
      onUnauthorized: () => navigate(`${paths.logout()}?reason=expired`, { replace: true }),
    });
  }, [auth]);
  return null;
}

function AriaRouter({ children }: { children: ReactNode }) {
  const [, setLocation] = useLocation();
  const { i18n } = useTranslation();
  return (
    <I18nProvider locale={localeOf(i18n.language)}>
      <RouterProvider navigate={(to) => setLocation(to)}>
        {children}
      </RouterProvider>
    </I18nProvider>
  );
}

export function App() {
  return (
    <AuthActor.Provider logic={appAuthMachine} options={{ input: { token: readToken() } }}>
      <CookieConsentActor.Provider logic={appCookieConsentMachine} options={{ input: { stored: readStoredConsent() } }}>
        <AlertActor.Provider>
          <ApiBridge />
          <AriaRouter>
            <RouteView />
          </AriaRouter>
        </AlertActor.Provider>
      </CookieConsentActor.Provider>
    </AuthActor.Provider>
  );
}
