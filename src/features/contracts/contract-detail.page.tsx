import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { getContract } from '../../api/contracts.api';
import { errorKeys } from '../../../contract/error.schema';
import type { ContractDetail } from '../../../contract/insurance.schema';
import { useMessage } from '../../platform/messages';
import { useResource } from '../../flows/use-resource';
import { Button, ButtonLink } from '../../ui/button';
import { routePaths } from '../../../contract/paths';
import { Spinner } from '../../ui/spinner';
import { useContractFormat } from './contract-format';
import { SavingsGrowth } from './savings-growth';
import { TableRegion } from './table-region';
import { StatusBadge } from './status-badge';
import { documentPaths } from '../../../contract/document.schema';
import { DocumentDownload } from '../../shared/documents/document-download';
import './contracts.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contract-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A table that scrolls sideways on a narrow screen instead of the page (keyboard-scrollable). */
function Overview({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  return (
    <section className="contract-section" aria-labelledby="contract-overview">
      <h2 id="contract-overview">{t('detail.overview')}</h2>
      <dl className="contract-facts">
        <Fact label={t('fields.contractNumber')}>{contract.contract_number}</Fact>
        <Fact label={t('fields.owner')}>{contract.owner}</Fact>
        <Fact label={t('fields.insurer')}>
          {contract.insurer}
          {contract.insurer_register ? <span className="contract-facts__muted"> ({contract.insurer_register})</span> : null}
        </Fact>
        <Fact label={t('fields.company')}>{contract.company_name}</Fact>
        <Fact label={t('fields.startDate')}>{format.day(contract.start_date)}</Fact>
        <Fact label={t('fields.endDate')}>{format.day(contract.end_date)}</Fact>
        <Fact label={t('fields.duration')}>{t('detail.years', { count: contract.duration_years })}</Fact>
        <Fact label={t('fields.fee')}>{format.fee(contract.fee_amount, contract.fee_frequency)}</Fact>
        {contract.sum_insured !== null ? <Fact label={t('fields.sumInsured')}>{format.money(contract.sum_insured)}</Fact> : null}
        <Fact label={t('fields.totalFee')}>{format.money(contract.total_fee)}</Fact>
        <Fact label={t('fields.paidTotal')}>{format.money(contract.paid_total)}</Fact>
        {contract.savings !== null ? <Fact label={t('fields.savings')}>{format.money(contract.savings)}</Fact> : null}
        {contract.interest_rate !== null ? <Fact label={t('fields.interestRate')}>{t('detail.rate', { rate: contract.interest_rate })}</Fact> : null}
      </dl>
    </section>
  );
}

function FeeSchedule({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  const next = contract.fee_schedule.find((fee) => fee.status !== 'paid');
  const dueNow = contract.fee_schedule.filter((fee) => fee.status === 'due' || fee.status === 'overdue');
  return (
    <section className="contract-section" aria-labelledby="contract-schedule">
      <h2 id="contract-schedule">{t('detail.schedule')}</h2>
      {next ? (
        <p className="contract-next">
          {t('detail.nextFee', { date: format.day(next.due_date), amount: format.money(next.amount) })}{' '}
          <StatusBadge kind="fee" status={next.status} />
        </p>
      ) : (
        <p className="contract-next">{t('detail.noFeesDue')}</p>
      )}
      {dueNow.length > 0 ? (
        <p className="contract-next">
          <ButtonLink href={routePaths.contractFee.build({ id: contract.id })}>{t('detail.payFees', { count: dueNow.length })}</ButtonLink>
        </p>
      ) : null}
      <details className="contract-details">
        <summary>{t('detail.showSchedule', { count: contract.fee_schedule.length })}</summary>
        <TableRegion label={t('detail.scheduleTable')}>
          <table className="contract-table">
            <thead>
              <tr>
                <th scope="col">{t('fields.dueDate')}</th>
                <th scope="col" className="contract-table__number">{t('fields.amount')}</th>
                <th scope="col">{t('fields.status')}</th>
                <th scope="col">{t('fields.paidAt')}</th>
              </tr>
            </thead>
            <tbody>
              {contract.fee_schedule.map((fee) => (
                <tr key={fee.id ?? fee.due_date}>
                  <td>{format.day(fee.due_date)}</td>
                  <td className="contract-table__number">{format.money(fee.amount)}</td>
                  <td><StatusBadge kind="fee" status={fee.status} /></td>
                  <td>
                    {fee.paid_at ? format.day(fee.paid_at.slice(0, 10)) : '—'}
                    {fee.pending_update ? <span className="contract-table__reference">{t('detail.updating')}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </section>
  );
}

function Payments({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation(['contracts', 'documents']);
  const format = useContractFormat();
  // Newest first: the latest payment is what a policyholder checks.
  const payments = [...contract.payments].sort((a, b) => (a.paid_at < b.paid_at ? 1 : -1));
  const latest = payments[0];
  return (
    <section className="contract-section" aria-labelledby="contract-payments">
      <h2 id="contract-payments">{t('detail.payments')}</h2>
      {latest ? (
        <>
          <p className="contract-next">{t('detail.lastPayment', { date: format.day(latest.paid_at), amount: format.money(latest.amount) })}</p>
          {latest.pending_update ? <p className="contract-next contract-table__updating" data-testid="fee-updating">{t('detail.updatingNote')}</p> : null}
          <details className="contract-details">
            <summary>{t('detail.showPayments', { count: payments.length })}</summary>
            <TableRegion label={t('detail.paymentsTable')}>
              <table className="contract-table">
                <thead>
                  <tr>
                    <th scope="col">{t('fields.paidAt')}</th>
                    <th scope="col" className="contract-table__number">{t('fields.amount')}</th>
                    <th scope="col">{t('fields.method')}</th>
                    <th scope="col">{t('documents:receiptColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {payments.map((payment) => (
                    <tr key={payment.reference}>
                      <td>{format.day(payment.paid_at)}</td>
                      <td className="contract-table__number">{format.money(payment.amount)}</td>
                      <td>
                        {format.method(payment.method)}
                        <span className="contract-table__reference">{payment.reference}</span>
                        {payment.pending_update ? <span className="contract-table__reference contract-table__updating">{t('detail.updating')}</span> : null}
                      </td>
                      <td>{payment.invoice_id ? <DocumentDownload path={documentPaths.receipt(payment.invoice_id)} label={t('documents:receiptShort')} /> : '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </details>
        </>
      ) : (
        <p>{t('detail.noPayments')}</p>
      )}
    </section>
  );
}

function Beneficiaries({ contract }: { contract: ContractDetail }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  return (
    <section className="contract-section" aria-labelledby="contract-beneficiaries">
      <h2 id="contract-beneficiaries">{t('detail.beneficiaries')}</h2>
      {contract.beneficiaries.length === 0 ? (
        <p>{t('detail.noBeneficiaries')}</p>
      ) : (
        <TableRegion label={t('detail.beneficiariesTable')}>
          <table className="contract-table">
            <thead>
              <tr>
                <th scope="col">{t('fields.name')}</th>
                <th scope="col">{t('fields.relationship')}</th>
                <th scope="col" className="contract-table__number">{t('fields.share')}</th>
              </tr>
            </thead>
            <tbody>
              {contract.beneficiaries.map((beneficiary) => (
                <tr key={`${beneficiary.name}-${beneficiary.relationship}`}>
                  <td>{beneficiary.name}</td>
                  <td>{format.relationship(beneficiary.relationship)}</td>
                  <td className="contract-table__number">{t('detail.share', { share: beneficiary.share })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}

/** /user/contract/{id}: one policy with the fields of SPEC 3. */
export default function ContractDetailPage() {
  const { t, i18n } = useTranslation(['contracts', 'documents']);
  const translate = useMessage();
  const { id = '' } = useParams<{ id: string }>();
  const load = useCallback(() => getContract(id), [id]);
  const contract = useResource(load, i18n.language);
  const data = contract.data;
  const notFound = contract.status === 'failed' && contract.error?.key === errorKeys.notFound;

  return (
    <div className="contract-page" aria-busy={contract.status === 'loading'}>
      <p className="contract-page__back">
        <Link href={routePaths.contracts.build()}>{t('detail.back')}</Link>
      </p>
      {data ? (
        <header className="contract-page__header">
          <img className="contract-page__image" src={data.image} alt="" width="64" height="64" />
          <div>
            <h1>{data.product_name}</h1>
            <p className="contract-page__number">
              {data.contract_number} <StatusBadge kind="policy" status={data.status} />
            </p>
          </div>
        </header>
      ) : (
        <h1>{t('detail.title')}</h1>
      )}
      {contract.status === 'loading' && !data ? <Spinner label={t('detail.loading')} /> : null}
      {contract.status === 'failed' ? (
        <div className="notice notice--error contracts-page__error" role="alert">
          {notFound ? (
            <p>{translate({ key: errorKeys.noInsurance })}</p>
          ) : (
            <>
              <p>{t('detail.failed')} {translate(contract.error)}</p>
              <Button variant="secondary" onPress={contract.retry}>{t('common:actions.retry')}</Button>
            </>
          )}
        </div>
      ) : null}
      {data ? (
        <>
          <section className="contract-section contract-documents" aria-labelledby="contract-documents">
            <h2 id="contract-documents">{t('documents:certificateTitle')}</h2>
            <p>{t('documents:certificateLead')}</p>
            <DocumentDownload path={documentPaths.certificate(data.id)} label={t('documents:certificate')} variant="primary" />
          </section>
          <Overview contract={data} />
          {data.savings_growth && data.savings_growth.length > 0 ? <SavingsGrowth points={data.savings_growth} /> : null}
          <FeeSchedule contract={data} />
          <Payments contract={data} />
          <Beneficiaries contract={data} />
        </>
      ) : null}
    </div>
  );
}
