import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ClaimSummary } from '../../../contract/claim.schema';
import { routePaths } from '../../../contract/paths';
import { deleteClaimDraft, getClaims } from '../../api/claims.api';
import { useResource } from '../../flows/use-resource';
import { ListPager, useBeforeCursor } from '../../shared/list-pager';
import { ErrorNotice, RetryNotice, SuccessNotice } from '../../shared/notices';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { Message } from '../../../contract/validation';
import { ApiError } from '../../../contract/api-error';
import { claimStateOf, useClaimFormat } from './claim-format';
import './claims.css';

export function ClaimBadge({ claim }: { claim: Parameters<typeof claimStateOf>[0] }) {
  const { t } = useTranslation('claims');
  const state = claimStateOf(claim);
  return <span className={`claim-badge claim-badge--${state}`}>{t(`states.${state}`)}</span>;
}

function ClaimCard({ claim, onDelete, deleting }: { claim: ClaimSummary; onDelete: (claim: ClaimSummary) => void; deleting: boolean }) {
  const { t } = useTranslation('claims');
  const format = useClaimFormat();
  const isDraft = claim.status === 'draft';
  const title = isDraft ? t('list.draft') : claim.claim_number;
  return (
    <li className="claim-card" data-state={claimStateOf(claim)}>
      <div className="claim-card__top">
        <h2 className="claim-card__title">
          <Link href={isDraft ? routePaths.claimCreateFor.build({ insuranceId: claim.policy_id }) : routePaths.claimDetail.build({ claimId: claim.id })} className="claim-card__link">
            {title}
          </Link>
        </h2>
        <ClaimBadge claim={claim} />
      </div>
      <dl className="claim-facts">
        <div>
          <dt>{t('fields.contractNumber')}</dt>
          <dd>{claim.contract_number}</dd>
        </div>
        <div>
          <dt>{t('fields.date')}</dt>
          <dd>{format.day(claim.date)}</dd>
        </div>
        <div>
          <dt>{t('fields.amount')}</dt>
          <dd>{claim.amount === null ? '—' : format.money(claim.amount)}</dd>
        </div>
        <div>
          <dt>{t('fields.stage')}</dt>
          <dd>{claim.stage ? t(`stages.${claim.stage}`) : t('fields.notSent')}</dd>
        </div>
        {claim.claim_type ? (
          <div>
            <dt>{t('fields.type')}</dt>
            <dd>{t(`types.${claim.claim_type}`)}</dd>
          </div>
        ) : null}
        {claim.decision_due && claim.stage !== 'resolved' ? (
          <div>
            <dt>{t('fields.decisionDue')}</dt>
            <dd>{format.day(claim.decision_due)}</dd>
          </div>
        ) : null}
      </dl>
      {isDraft ? (
        <div className="claim-card__actions">
          <ButtonLink href={routePaths.claimCreateFor.build({ insuranceId: claim.policy_id })} aria-label={t('list.continueLabel', { contract: claim.contract_number })}>
            {t('list.continue')}
          </ButtonLink>
          <Button variant="ghost" isBusy={deleting} onPress={() => onDelete(claim)} aria-label={t('list.deleteLabel', { contract: claim.contract_number })}>
            {t('list.delete')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/**
 * /user/claim/list: drafts ('not sent', continue or delete) and sent claims, newest first, 20 a page.
 * `?before=` is the server's cursor of an older page (Back returns to the newer one).
 */
export default function ClaimListPage() {
  const { t, i18n } = useTranslation('claims');
  const before = useBeforeCursor();
  const load = useCallback(() => getClaims(before), [before]);
  // Bumped after a delete: the list is read again (the page follows).
  const [version, setVersion] = useState(0);
  const claims = useResource(load, `${i18n.language}:${before ?? ''}:${version}`);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [deleteError, setDeleteError] = useState<Message | null>(null);
  const [deleted, setDeleted] = useState(false);
  // Drafts deleted here leave the list at once (the reload that follows agrees).
  const [removed, setRemoved] = useState<readonly number[]>([]);
  const list = claims.data?.claims.filter((claim) => !removed.includes(claim.id));

  const remove = (claim: ClaimSummary) => {
    setDeleting(claim.id);
    setDeleteError(null);
    setDeleted(false);
    deleteClaimDraft(claim.id).then(
      () => {
        setDeleting(null);
        setDeleted(true);
        setRemoved((ids) => [...ids, claim.id]);
        setVersion((value) => value + 1);
      },
      (error: unknown) => {
        setDeleting(null);
        setDeleteError(error instanceof ApiError ? error.body : { key: 'errors.generic' });
      },
    );
  };

  return (
    <div className="claims-page" aria-busy={claims.status === 'loading'}>
      <h1>{t('list.title')}</h1>
      <p className="claims-page__lead">{t('list.lead')}</p>
      <div className="claims-actions">
        <ButtonLink href={routePaths.claimCreate.build()}>{t('list.file')}</ButtonLink>
      </div>
      <ErrorNotice message={deleteError} />
      <SuccessNotice>{deleted ? t('list.deleted') : null}</SuccessNotice>
      {claims.status === 'failed' ? (
        <RetryNotice text={t('list.failed')} error={claims.error} onRetry={claims.retry} retryLabel={t('list.retry')} />
      ) : null}
      {claims.status === 'loading' && !list ? <Spinner label={t('list.loading')} /> : null}
      {list && list.length === 0 ? (
        <div className="claims-section">
          <h2>{t('list.emptyTitle')}</h2>
          <p>{t('list.emptyText')}</p>
        </div>
      ) : null}
      {list && list.length > 0 ? (
        <ul className="claims-list" aria-label={t('list.title')}>
          {list.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} onDelete={remove} deleting={deleting === claim.id} />
          ))}
        </ul>
      ) : null}
      {claims.data ? (
        <ListPager
          before={before}
          next={claims.data.next}
          hrefOf={(cursor) => (cursor ? routePaths.claimList.build({}, { before: cursor }) : routePaths.claimList.build())}
          label={t('list.pages')}
          newest={t('list.newest')}
          older={t('list.older')}
        />
      ) : null}
    </div>
  );
}
