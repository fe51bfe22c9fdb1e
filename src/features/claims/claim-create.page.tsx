import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../contract/paths';
import { getClaimPolicies } from '../../api/claims.api';
import { useResource } from '../../flows/use-resource';
import { RetryNotice } from '../../shared/notices';
import { ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import './claims.css';

/** /user/claim/create: choose the policy (and its insured person) to claim on; the wizard opens for it. */
export default function ClaimCreatePage() {
  const { t, i18n } = useTranslation('claims');
  const policies = useResource(getClaimPolicies, i18n.language);
  const list = policies.data?.policies;
  return (
    <div className="claims-page" aria-busy={policies.status === 'loading'}>
      <h1>{t('create.title')}</h1>
      <p className="claims-page__lead">{t('create.lead')}</p>
      {policies.status === 'failed' ? (
        <RetryNotice text={t('create.failed')} error={policies.error} onRetry={policies.retry} retryLabel={t('list.retry')} />
      ) : null}
      {policies.status === 'loading' && !list ? <Spinner label={t('create.loading')} /> : null}
      {list && list.length === 0 ? <p className="claims-section">{t('create.none')}</p> : null}
      {list && list.length > 0 ? (
        <ul className="claim-policies">
          {list.map((policy) => (
            <li key={policy.id} className="claim-policy">
              <h2>{policy.product_name}</h2>
              <p>
                {policy.contract_number} · {t('create.insured', { name: policy.insured_name })}
              </p>
              <ButtonLink
                href={routePaths.claimCreateFor.build({ insuranceId: policy.id })}
                aria-label={t('create.chooseLabel', { contract: policy.contract_number, name: policy.insured_name })}
              >
                {t('create.choose')}
              </ButtonLink>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
