import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getContracts } from '../../api/contracts.api';
import { routePaths } from '../../../contract/paths';
import type { ContractListItem } from '../../../contract/insurance.schema';
import { useResource } from '../../flows/use-resource';
import { ListPager, useBeforeCursor } from '../../shared/list-pager';
import { RetryNotice } from '../../shared/notices';
import { ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useContractFormat } from './contract-format';
import { StatusBadge } from './status-badge';
import './contracts.css';

function OwedLine({ contract, owed }: { contract: ContractListItem; owed: NonNullable<ContractListItem['owed']> }) {
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

function ContractCard({ contract }: { contract: ContractListItem }) {
  const { owed } = contract;
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

/**
 * /user/contract: the user's policies, newest first, 20 a page, each with what it owes now (SPEC 2
 * "my insurance list"). `?before=` is the server's cursor of an older page (Back returns to the newer one).
 */
export default function ContractsPage() {
  const { t, i18n } = useTranslation('contracts');
  const before = useBeforeCursor();
  const load = useCallback(() => getContracts(before), [before]);
  // Product names come in the current language: a switch reloads them.
  const contracts = useResource(load, `${i18n.language}:${before ?? ''}`);
  const shown = contracts.data?.contracts;

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
          {shown.map((contract) => <ContractCard key={contract.id} contract={contract} />)}
        </ul>
      ) : null}
      {contracts.data ? (
        <ListPager
          before={before}
          next={contracts.data.next}
          hrefOf={(cursor) => (cursor ? routePaths.contracts.build({}, { before: cursor }) : routePaths.contracts.build())}
          label={t('list.pages')}
          newest={t('list.newest')}
          older={t('list.older')}
        />
      ) : null}
    </div>
  );
}
