/** /user/contract/{id}/payment/{invoice_id}: one fee invoice of the policy, paid with its provider. */
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';
import { feeInvoiceStatusMachine } from './fee-actors';
import { FeeInvoiceStatus } from './fee-invoice-status';
import './fees.css';

function InvoiceStatus({ id, invoiceId }: { id: string; invoiceId: string }) {
  const { t } = useTranslation('fees');
  const actor = useActorRef(feeInvoiceStatusMachine, { input: { invoiceId, now: Date.now } });
  const feePage = routePaths.contractFee.build({ id });
  return (
    <FeeInvoiceStatus
      actor={actor}
      paidActions={
        <>
          <ButtonLink href={routePaths.contract.build({ id })}>{t('invoice.toPolicy')}</ButtonLink>
          <ButtonLink href={feePage} variant="secondary">{t('invoice.toFees')}</ButtonLink>
        </>
      }
      failedActions={<ButtonLink href={feePage}>{t('invoice.tryAgain')}</ButtonLink>}
      pendingWays={{ otherWay: feePage }}
    />
  );
}

export default function PolicyPaymentPage() {
  const { id = '', invoiceId = '' } = useParams<{ id: string; invoiceId: string }>();
  return (
    <div className="fee-page fee-page--narrow">
      <InvoiceStatus key={invoiceId} id={id} invoiceId={invoiceId} />
    </div>
  );
}
