import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getContracts } from '../../api/contracts.api';
import { getDueFees } from '../../api/fees.api';
import type { FeeItem } from '../../../contract/fee.schema';
import { routePaths } from '../../../contract/paths';
import type { ContractSummary } from '../../../contract/insurance.schema';
import { useResource } from '../../flows/use-resource';
import { RetryNotice } from '../../shared/notices';
import { ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useContractFormat } from './contract-format';
import { StatusBadge } from './status-badge';
import './contracts.css';

/** What a policy owes now: the sum of its due and overdue fees, overdue when any is. */
interface Owed {
  amount: number;
  overdue: boolean;
}

const owedByPolicy = (fees: readonly FeeItem[] | undefined): ReadonlyMap<number, Owed> => {
  const owed = new Map<number, Owed>();
  for (const fee of fees ?? []) {
    if (fee.status !== 'due' && fee.status !== 'overdue') continue;
    const entry = owed.get(fee.policy_id) ?? { amount: 0, overdue: false };
    owed.set(fee.policy_id, { amount: entry.amount + fee.amount, overdue: entry.overdue || fee.status === 'overdue' });
  }
  return owed;
};

function OwedLine({ contract, owed }: { contract: ContractSummary; owed: Owed }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  return (
    <div className="contract-card__owed" data-status={owed.overdue ? 'overdue' : 'due'}>
      <p>{t(owed.overdue ? 'list.feeOverdue' : 'list.feeDue', { amount: format.money(owed.amount) })}</p>
      <ButtonLink href={routePaths.contractFee.build({ id: contract.id })} variant={owed.overdue ? 'primary' : 'secondary'} aria-label={t('list.payLabel', { contract: contract.contract_number })}>
        {t('list.pay')}
      </ButtonLink>
    </div>
  );
}

function ContractCard({ contract, owed }: { contract: ContractSummary; owed: Owed | undefined }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  return (
    <li className="contract-card">
      <img className="contract-card__image" src={contract.image} alt="" width="72" height="72" />
      <div className="contract-card__body">
        <div className="contract-card__top">
          <h2 className="contract-card__title">
            <Link href={routePaths.contract.build({ id: contract.id })} className="contract-card__link">{contract.product_name}</Link>
          </h2>
          <StatusBadge kind="policy" status={contract.status} />
        </div>
        <dl className="contract-card__facts">
          <div>
            <dt>{t('fields.contractNumber')}</dt>
            <dd>{contract.contract_number}</dd>
          </div>
          <div>
            <dt>{t('fields.period')}</dt>
            <dd>{format.period(contract.start_date, contract.end_date)}</dd>
          </div>
          <div>
            <dt>{t('fields.fee')}</dt>
            <dd>{format.fee(contract.fee_amount, contract.fee_frequency)}</dd>
          </div>
          <div>
            <dt>{t('fields.insurer')}</dt>
            <dd>{contract.insurer}</dd>
          </div>
        </dl>
        {owed ? <OwedLine contract={contract} owed={owed} /> : null}
      </div>
    </li>
  );
}

/** /user/contract: the user's policies, newest first (SPEC 2 "my insurance list"). */
export default function ContractsPage() {
  const { t, i18n } = useTranslation('contracts');
  // Product names come in the current language: a switch reloads them.
  const contracts = useResource(getContracts, i18n.language);
  const list = contracts.data?.contracts;
  // The premiums due now, per policy (a failed read only leaves the lines out).
  const due = useResource(getDueFees, i18n.language);
  const owed = owedByPolicy(due.data?.fees);
  // The cards wait for the premiums due (or their failure) so that the lines do not push them down once shown.
  const dueSettled = due.data !== undefined || due.status === 'failed';
  const shown = dueSettled ? list : undefined;

  return (
    <div className="contracts-page" aria-busy={contracts.status === 'loading'}>
      <header className="contracts-page__header">
        <h1>{t('list.title')}</h1>
        <p className="contracts-page__lead">{t('list.lead')}</p>
      </header>
      {contracts.status === 'failed' ? (
        <RetryNotice text={t('list.failed')} error={contracts.error} onRetry={contracts.retry} retryLabel={t('common:actions.retry')} className="contracts-page__error" />
      ) : null}
      {contracts.status !== 'failed' && !shown ? <Spinner label={t('list.loading')} /> : null}
      {shown && shown.length === 0 ? (
        <div className="contracts-empty">
          <h2>{t('list.emptyTitle')}</h2>
          <p>{t('list.emptyText')}</p>
          <ButtonLink href={routePaths.insuranceList.build()}>{t('list.browse')}</ButtonLink>
        </div>
      ) : null}
      {shown && shown.length > 0 ? (
        <ul className="contracts-list" aria-label={t('list.title')}>
          {shown.map((contract) => <ContractCard key={contract.id} contract={contract} owed={owed.get(contract.id)} />)}
        </ul>
      ) : null}
    </div>
  );
}
