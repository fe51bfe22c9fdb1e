/** Providers (actors, i18n for react-aria, router for react-aria links) around the route view. */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { compilePattern } from '../../contract/paths';
import { configureApi } from '../api/client';
import { appAuthMachine, AuthActor } from '../features/auth/auth-context';
import { readToken } from '../features/auth/session-storage';
import { appCookieConsentMachine, CookieConsentActor, readStoredConsent } from '../features/cookies/cookie-consent-context';
import { AlertActor } from '../features/shell/alert-context';
import i18next from 'i18next';
import { localeOf } from './i18n';
import { paths } from './paths';
import { RouteView } from './route-view';
import { UiProviders } from '../ui/providers';

/** Connects the API client to the session; any 401 but the token call goes to the logout route (SPEC 8). */
function ApiBridge() {
  const auth = AuthActor.useActorRef();
  useEffect(() => {
    configureApi({
      getToken: () => auth.getSnapshot().context.token,
      getLanguage: () => i18next.language,
      onUnauthorized: () => navigate(paths.logoutExpired(), { replace: true }),
    });
  }, [auth]);
  return null;
}

function LocalizedUi({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <UiProviders locale={localeOf(i18n.language)}>{children}</UiProviders>;
}

export function App() {
  return (
    <AuthActor.Provider logic={appAuthMachine} options={{ input: { token: readToken() } }}>
      <CookieConsentActor.Provider logic={appCookieConsentMachine} options={{ input: { stored: readStoredConsent() } }}>
        <AlertActor.Provider>
          <ApiBridge />
          <LocalizedUi>
            {/* One matcher: wouter's <Route> and useParams read patterns with the contract's compiler. */}
            <Router parser={compilePattern}>
              <RouteView />
            </Router>
          </LocalizedUi>
        </AlertActor.Provider>
      </CookieConsentActor.Provider>
    </AuthActor.Provider>
  );
}
