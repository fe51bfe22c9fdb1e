/**
 * /user/fee-payment: the earliest due and overdue fees of my policies (one payment's worth, and a notice
 * when there are more); choose several, pay once (`fee-payment` on the wizard runner, not persisted).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeePaymentInput } from '../../../machines/fee-payment.machine';
import { AuthActor, selectSession } from '../../platform/auth-context';
import { userKeyOf } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { DueFeesMore } from './due-fees-more';
import { newKey, useDueFeesMachine } from './fee-actors';
import { FeeChooser } from './fee-chooser';
import './fees.css';

export default function FeePaymentPage() {
  const { t } = useTranslation('fees');
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  const input = useMemo<FeePaymentInput>(() => ({ fees: null, accessId: null, phone: '', newKey, leaves: true }), []);
  const { machine, summary } = useDueFeesMachine();
  const actor = useWizard(machine, { flow: 'fee-payment', version: 1, user, input, persist: false });
  return (
    <div className="fee-page">
      <h1>{t('all.title')}</h1>
      <p className="fee-page__lead">{t('all.lead')}</p>
      {summary ? <DueFeesMore summary={summary} /> : null}
      <FeeChooser actor={actor} showPolicy emptyText={t('all.nothingDue')} />
    </div>
  );
}
