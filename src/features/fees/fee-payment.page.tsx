/** /user/fee-payment: every due and overdue fee of my policies; choose several, pay once. */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { routePaths } from '../../../contract/paths';
import { getDueFees } from '../../api/fees.api';
import { feePaymentWith, goToBank, newKey } from './fee-actors';
import { FeeChooser } from './fee-chooser';
import './fees.css';

const loadDue = async () => (await getDueFees()).fees;

export default function FeePaymentPage() {
  const { t } = useTranslation('fees');
  const [, navigate] = useLocation();
  const machine = useMemo(() => feePaymentWith(loadDue), []);
  const actor = useActorRef(machine, { input: { fees: null, accessId: null, phone: '', newKey } });
  const result = useSelector(actor, (snapshot) => (snapshot.status === 'done' ? snapshot.context.result : null));

  useEffect(() => {
    if (!result) return;
    const policyId = result.payment.items[0]?.policy_id ?? 0;
    if (result.invoice.provider === 'khan' && result.invoice.redirect_url) goToBank(result.invoice.redirect_url);
    else navigate(routePaths.contractInvoice.build({ id: policyId, invoiceId: result.invoice.id }));
  }, [result, navigate]);

  return (
    <div className="fee-page">
      <h1>{t('all.title')}</h1>
      <p className="fee-page__lead">{t('all.lead')}</p>
      <FeeChooser actor={actor} showPolicy emptyText={t('all.nothingDue')} />
    </div>
  );
}
