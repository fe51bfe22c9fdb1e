import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useSearch } from 'wouter';
import { errorKeys } from '../../../contract/error.schema';
import { paths } from '../../app/paths';
import { Spinner } from '../../ui/spinner';
import { useAlert } from '../shell/alert-context';
import { AuthActor, selectStatus } from './auth-context';

/**
 * /logout: ends the session and goes home. A 401 anywhere lands here with ?reason=expired; then the
 * user goes to the login page and is told why.
 */
export default function LogoutPage() {
  const { t } = useTranslation();
  const auth = AuthActor.useActorRef();
  const status = AuthActor.useSelector(selectStatus);
  const expired = new URLSearchParams(useSearch()).get('reason') === 'expired';
  const alert = useAlert();
  useEffect(() => {
    auth.send({ type: 'auth.logout' });
    if (expired) alert({ key: errorKeys.sessionExpired });
    // Once per visit of the route: the effect's inputs do not change while it is shown.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  if (status === 'signedIn') return <Spinner label={t('status.loading')} />;
  return <Redirect to={expired ? paths.login() : paths.home()} replace />;
}
