import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { getContracts } from '../../api/contracts.api';
import type { ContractSummary } from '../../../contract/insurance.schema';
import { useMessage } from '../../app/messages';
import { paths } from '../../app/paths';
import { useResource } from '../../flows/use-resource';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useContractFormat } from './contract-format';
import { StatusBadge } from './status-badge';
import './contracts.css';

function ContractCard({ contract }: { contract: ContractSummary }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  return (
    <li className="contract-card">
      <img className="contract-card__image" src={contract.image} alt="" width="72" height="72" />
      <div className="contract-card__body">
        <div className="contract-card__top">
          <h2 className="contract-card__title">
            <Link href={paths.contract(contract.id)} className="contract-card__link">{contract.product_name}</Link>
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
      </div>
    </li>
  );
}

/** /user/contract: the user's policies, newest first (SPEC 2 "my insurance list"). */
export default function ContractsPage() {
  const { t, i18n } = useTranslation('contracts');
  const translate = useMessage();
  // Product names come in the current language: a switch reloads them.
  const contracts = useResource(getContracts, i18n.language);
  const list = contracts.data?.contracts;

  return (
    <div className="contracts-page" aria-busy={contracts.status === 'loading'}>
      <header className="contracts-page__header">
        <h1>{t('list.title')}</h1>
        <p className="contracts-page__lead">{t('list.lead')}</p>
      </header>
      {contracts.status === 'failed' ? (
        <div className="notice notice--error contracts-page__error" role="alert">
          <p>{t('list.failed')} {translate(contracts.error)}</p>
          <Button variant="secondary" onPress={contracts.retry}>{t('common:actions.retry')}</Button>
        </div>
      ) : null}
      {contracts.status === 'loading' && !list ? <Spinner label={t('list.loading')} /> : null}
      {list && list.length === 0 ? (
        <div className="contracts-empty">
          <h2>{t('list.emptyTitle')}</h2>
          <p>{t('list.emptyText')}</p>
          <ButtonLink href={paths.insuranceList()}>{t('list.browse')}</ButtonLink>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="contracts-list" aria-label={t('list.title')}>
          {list.map((contract) => <ContractCard key={contract.id} contract={contract} />)}
        </ul>
      ) : null}
    </div>
  );
}
