import { useSelector } from '@xstate/react';
import { useLocation } from 'wouter';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../../../machines/auth.machine';
import { Spinner } from '../../ui/spinner';
import { GUEST, userKeyOf } from '../../flows/persistence';
import { selectSession, selectStatus, useAuthSelector } from '../../platform/auth-context';
import { BuyPhaseView } from './buy-phases';
import { BuyWizard } from './buy-wizard';
import { useBuyFlow } from './use-buy-flow';
import { selectPhase } from '../../../machines/buy-insurance.connect';
import './buy.css';
import { PublicHelpButton } from '../../shared/help/help-button';
import { BENEFICIARIES_NAMESPACE } from '../../shared/beneficiary-fields';

/** Whose purchase this browser shows: null until the session is known (a reload verifies the token first). */
const selectUserKey = (snapshot: SnapshotFrom<typeof authMachine>): string | null => {
  const status = selectStatus(snapshot);
  if (status === 'signedOut') return GUEST;
  if (status !== 'signedIn') return null;
  const session = selectSession(snapshot);
  if (session) return userKeyOf(session.profile.partner_id);
  return snapshot.matches({ signedIn: 'profileFailed' }) ? 'user' : null;
};

function BuyFlow({ userKey }: { userKey: string }) {
  const [location] = useLocation();
  const actor = useBuyFlow(userKey, location);
  const phase = useSelector(actor, selectPhase);
  return phase === 'step' ? <BuyWizard actor={actor} /> : <BuyPhaseView actor={actor} phase={phase} />;
}

/**
 * The purchase wizard (/insurance/buy/{id}/{productId}/…, /insurance/buy/payment/): one view for all
 * its routes, so moving between steps keeps its machine; a new machine per user of the browser.
 */
export default function BuyPage() {
  // The namespaces load (the page suspends) before any step renders.
  const { t } = useTranslation(['buy', 'insurance', BENEFICIARIES_NAMESPACE]);
  const userKey = useAuthSelector(selectUserKey);
  if (userKey === null) return <Spinner label={t('preparing')} />;
  return (
    <>
      <BuyFlow key={userKey} userKey={userKey} />
      <PublicHelpButton />
    </>
  );
}
