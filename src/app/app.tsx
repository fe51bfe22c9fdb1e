/** Providers (actors, i18n for react-aria, router for react-aria links) around the route view. */
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Router } from 'wouter';
import { compilePattern } from '../../contract/paths';
import { configureApi } from '../api/client';
import { errorKeys } from '../../contract/error.schema';
import { performNavigate } from '../flows/navigate';
import { appAuthMachine, AuthActor } from '../platform/auth-context';
import { readToken } from '../platform/session-storage';
import { appCookieConsentMachine, CookieConsentActor, readStoredConsent } from '../platform/cookie-consent-context';
import { AlertActor } from '../platform/alert-context';
import { localeOf } from '../platform/i18n';
import { RouteView } from './route-view';
import { UiProviders } from '../ui/providers';

/**
 * Connects the API client to the session: the token, and any 401 but the token call signs out with
 * the session-expired alert (SPEC 8); and performs where the auth actor sends the user after signing
 * out. (The language is connected before the first render, in main.tsx.)
 */
function AuthBridge() {
  const auth = AuthActor.useActorRef();
  const alerts = AlertActor.useActorRef();
  useEffect(() => {
    configureApi({
      getToken: () => auth.getSnapshot().context.token,
      onUnauthorized: () => {
        alerts.send({ type: 'alert.show', message: { key: errorKeys.sessionExpired } });
        // Back to this page after signing in again (the login page follows only same-site paths).
        auth.send({ type: 'auth.expired', from: `${window.location.pathname}${window.location.search}` });
      },
    });
    const subscription = auth.on('flow.navigate', performNavigate);
    return () => subscription.unsubscribe();
  }, [auth, alerts]);
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
          <AuthBridge />
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
