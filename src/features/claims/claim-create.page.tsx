import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { contractSearchSchema } from '../../../contract/insurance.schema';
import { routePaths } from '../../../contract/paths';
import type { Message } from '../../../contract/validation';
import { getClaimPolicies } from '../../api/claims.api';
import { useResource } from '../../flows/use-resource';
import { useMessage } from '../../platform/messages';
import { ListPager } from '../../shared/list-pager';
import { RetryNotice } from '../../shared/notices';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import './claims.css';

/** The address of the policy choice: a search (`?contract=`) and a page of it (`?before=`). */
const choiceHref = (contract: string | null, before: string | null) => routePaths.claimCreate.build({}, { contract, before });

/**
 * The search by contract number: a labelled field and its button (Enter searches), the same check as
 * the server's (`contractSearchSchema`) before the address changes, and the way back to every policy.
 */
function ContractSearch({ contract, onSearch }: { contract: string | null; onSearch: (contract: string) => void }) {
  const { t } = useTranslation('claims');
  const translate = useMessage();
  const [value, setValue] = useState(contract ?? '');
  const [error, setError] = useState<Message | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = contractSearchSchema.safeParse(value);
    if (!checked.success) {
      setError({ key: checked.error.issues[0]?.message ?? 'validation.contractSearch', values: {} });
      return;
    }
    setError(null);
    onSearch(checked.data);
  };
  return (
    <form className="claim-search" role="search" aria-label={t('create.searchName')} onSubmit={submit} noValidate>
      <TextField
        label={t('create.searchLabel')}
        description={t('create.searchHint')}
        name="contract"
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        errorMessage={translate(error)}
        autoComplete="off"
        className="claim-search__field"
      />
      <Button type="submit" variant="secondary" className="claim-search__submit">{t('create.search')}</Button>
    </form>
  );
}

/**
 * /user/claim/create: choose the policy (and its insured person) to claim on; the wizard opens for it.
 * The user's active policies come a page at a time (`?before=`, the contracts' order); with more than
 * a page, a search by contract number finds one further on. The address's `?contract=` and `?before=`
 * (the pages' links) start the choice; a search typed here replaces them.
 */
export default function ClaimCreatePage() {
  const search = useSearch();
  return <PolicyChoice key={search} search={search} />;
}

function PolicyChoice({ search }: { search: string }) {
  const { t, i18n } = useTranslation('claims');
  const [{ contract, before }, setQuery] = useState(() => {
    const query = new URLSearchParams(search);
    return { contract: query.get('contract'), before: query.get('before') };
  });
  const load = useCallback(() => getClaimPolicies({ before, contract }), [before, contract]);
  const policies = useResource(load, `${i18n.language}:${before ?? ''}:${contract ?? ''}`);
  const list = policies.data?.policies;
  // The search is offered when one page does not hold every policy (and kept while a search or a later page is shown).
  const searchable = contract !== null || before !== null || (policies.data?.next ?? null) !== null;
  return (
    <div className="claims-page" aria-busy={policies.status === 'loading'}>
      <h1>{t('create.title')}</h1>
      <p className="claims-page__lead">{t('create.lead')}</p>
      {searchable ? <ContractSearch key={contract ?? ''} contract={contract} onSearch={(typed) => setQuery({ contract: typed, before: null })} /> : null}
      {contract !== null ? (
        <div className="claim-search__shown">
          <p role="status">{t('create.searchShown', { contract })}</p>
          <Button variant="ghost" onPress={() => setQuery({ contract: null, before: null })}>{t('create.searchClear')}</Button>
        </div>
      ) : null}
      {policies.status === 'failed' ? (
        <RetryNotice text={t('create.failed')} error={policies.error} onRetry={policies.retry} retryLabel={t('list.retry')} />
      ) : null}
      {policies.status === 'loading' && !list ? <Spinner label={t('create.loading')} /> : null}
      {list && list.length === 0 ? <p className="claims-section">{contract !== null ? t('create.noMatch', { contract }) : t('create.none')}</p> : null}
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
      {policies.data ? (
        <ListPager
          before={before}
          next={policies.data.next}
          hrefOf={(cursor) => choiceHref(contract, cursor)}
          label={t('create.pages')}
          newest={t('create.first')}
          older={t('create.more')}
        />
      ) : null}
    </div>
  );
}
