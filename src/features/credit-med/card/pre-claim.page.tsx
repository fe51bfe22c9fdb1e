/**
 * /credit-med/pre-claim and /credit-med/pre-claim/payment: the `credit-med-pre-claim` machine on the
 * wizard runner (not persisted: it holds the transaction password). The form's four steps share one
 * frame (./pre-claim-form.tsx), each step a file of its own; a created pre-claim goes to the payment
 * route with `?pre_claim=<id>`, where the same machine starts in tracking and follows the status as
 * the insurer moves it (./pre-claim-tracking.tsx).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { connectPreClaim } from '../../../../machines/credit-med-pre-claim.connect';
import { AuthActor, selectSession } from '../../../platform/auth-context';
import { userKeyOf } from '../../../flows/persistence';
import { NAMESPACE } from './card-parts';
import { PreClaimForm } from './pre-claim-form';
import { Tracking } from './pre-claim-tracking';
import { usePreClaimFlow } from './use-pre-claim-flow';

export default function PreClaimPage() {
  useTranslation(NAMESPACE);
  const search = useSearch();
  const raw = new URLSearchParams(search).get('pre_claim');
  const preClaimId = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  // A new pre-claim id in the URL is a new machine (tracking it).
  return <PreClaimFlow key={`${preClaimId ?? 'new'}-${user}`} preClaimId={preClaimId} user={user} />;
}

function PreClaimFlow({ preClaimId, user }: { preClaimId: number | null; user: string }) {
  const actor = usePreClaimFlow(preClaimId, user);
  const view = useSelector(actor, connectPreClaim, shallowEqual);
  return (
    <div className="cmc-page" data-step={view.step} data-tracking={view.tracking ?? undefined}>
      {view.step === 'tracking' ? <Tracking actor={actor} view={view} /> : <PreClaimForm actor={actor} view={view} />}
    </div>
  );
}
