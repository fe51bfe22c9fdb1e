import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { errorKeys } from '../../../contract/error.schema';
import { Spinner } from '../../ui/spinner';
import { useAlert } from '../../platform/alert-context';
import { AuthActor } from '../../platform/auth-context';

/**
 * /logout: visiting it ends the session. The auth machine then sends the user on (home, or the login
 * page with `?reason=expired`, where the session-expired alert says why) — the page only tells the
 * machine that the URL was visited, as the wizards' URL sync does for theirs.
 */
export default function LogoutPage() {
  const { t } = useTranslation();
  const auth = AuthActor.useActorRef();
  const expired = new URLSearchParams(useSearch()).get('reason') === 'expired';
  const alert = useAlert();
  useEffect(() => {
    if (expired) alert({ key: errorKeys.sessionExpired });
    auth.send({ type: expired ? 'auth.expired' : 'auth.logout' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per visit of the route: useAlert() returns a new function each render
  }, []);
  return <Spinner label={t('status.loading')} />;
}
