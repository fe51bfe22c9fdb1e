/**
 * /user/contract/{id}/fee: the policy's fee schedule, what is due now, and paying it (`fee-payment` on
 * the wizard runner, not persisted; one actor per policy).
 */
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { FeeItem } from '../../../contract/fee.schema';
import type { FeePaymentInput } from '../../../machines/fee-payment.machine';
import { getPolicyFees } from '../../api/fees.api';
import { AuthActor, selectSession } from '../../platform/auth-context';
import { routePaths } from '../../../contract/paths';
import { userKeyOf } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { feePaymentWith, newKey } from './fee-actors';
import { FeeChooser } from './fee-chooser';
import { useFeeFormat } from './fee-format';
import { FeeStatusBadge } from './fee-status-badge';
import './fees.css';

function Schedule({ fees }: { fees: FeeItem[] }) {
  const { t } = useTranslation('fees');
  const format = useFeeFormat();
  if (fees.length === 0) return null;
  const paid = fees.filter((fee) => fee.status === 'paid').length;
  return (
    <section className="fee-section" aria-labelledby="fee-schedule-title">
      <h2 id="fee-schedule-title">{t('policy.schedule')}</h2>
      <p>{t('policy.paidCount', { paid, count: fees.length })}</p>
      <details className="fee-details">
        <summary>{t('policy.showSchedule', { count: fees.length })}</summary>
        <div className="fee-table-region" role="region" aria-label={t('policy.schedule')} tabIndex={0}>
          <table className="fee-table">
            <thead>
              <tr>
                <th scope="col">{t('fields.dueDate')}</th>
                <th scope="col" className="fee-table__number">{t('fields.amount')}</th>
                <th scope="col">{t('fields.status')}</th>
                <th scope="col">{t('fields.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {fees.map((fee) => (
                <tr key={fee.id}>
                  <td>{format.day(fee.due_date)}</td>
                  <td className="fee-table__number">{format.money(fee.amount)}</td>
                  <td><FeeStatusBadge status={fee.status} /></td>
                  <td>
                    {fee.paid_at ? format.day(fee.paid_at.slice(0, 10)) : '—'}
                    {fee.pending_update ? <span className="fee-table__note">{t('policy.updating')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

export default function PolicyFeePage() {
  const { id = '' } = useParams<{ id: string }>();
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  return <PolicyFees key={`${id}-${user}`} id={id} user={user} />;
}

function PolicyFees({ id, user }: { id: string; user: string }) {
  const { t } = useTranslation('fees');
  const machine = useMemo(() => feePaymentWith(async () => (await getPolicyFees(id)).fees), [id]);
  const input = useMemo<FeePaymentInput>(() => ({ fees: null, accessId: null, phone: '', newKey, leaves: true }), []);
  const actor = useWizard(machine, { flow: 'fee-payment', version: 1, user, input, persist: false });
  const fees = useSelector(actor, (snapshot) => snapshot.context.fees);
  const policy = fees[0];

  return (
    <div className="fee-page">
      <p className="fee-page__back">
        <Link href={routePaths.contract.build({ id })}>{t('policy.back')}</Link>
      </p>
      <h1>{policy ? t('policy.title', { product: policy.product_name }) : t('policy.titlePlain')}</h1>
      {policy ? <p className="fee-page__lead">{policy.contract_number}</p> : null}
      <section className="fee-section" aria-labelledby="fee-due-title">
        <h2 id="fee-due-title">{t('policy.dueNow')}</h2>
        <FeeChooser actor={actor} emptyText={t('policy.nothingDue')} />
      </section>
      <Schedule fees={fees} />
    </div>
  );
}
