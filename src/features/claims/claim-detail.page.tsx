import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { documentPaths } from '../../../contract/document.schema';
import { DocumentDownload } from '../../shared/documents/document-download';
import { Link, useParams } from 'wouter';
import { fromPromise } from 'xstate';
import { CLAIM_APPEAL_DAYS, CLAIM_STAGES, type Claim, type ClaimStage, type DocumentType } from '../../../contract/claim.schema';
import { connectClaimDocuments } from '../../../machines/claim-documents.connect';
import { claimDocumentsMachine } from '../../../machines/claim-documents.machine';
import { routePaths } from '../../../contract/paths';
import { addClaimDocument, getClaim } from '../../api/claims.api';
import { bearerHeaders } from '../../api/client';
import { useMessage } from '../../platform/messages';
import { useResource } from '../../flows/use-resource';
import { ContactHelp } from '../../shared/contact-help';
import { UPLOAD_NAMESPACE } from '../../shared/upload/upload-slot';
import { uploadSlotMachine } from '../../shared/upload/upload-slot-machine';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useClaimFormat } from './claim-format';
import { ClaimBadge } from './claim-list.page';
import { DocumentSlotParts } from './document-slot';
import './claims.css';

/** The requested documents' machine with the browser's actors: tus uploads with the session's token, attached by POST /api/claims/{id}/documents/. */
const appMachine = claimDocumentsMachine.provide({
  actors: {
    upload: uploadSlotMachine({ headers: bearerHeaders }),
    attachDocument: fromPromise(({ input }) => addClaimDocument(input.claimId, { upload_id: input.upload_id, document_type: input.document_type })),
  },
});

type ClaimDocumentsView = ReturnType<typeof connectClaimDocuments> & { retry: (documentType: DocumentType) => void };

/** While a claim waits in 'received', the page asks again this often, so the tracker moves on its own. */
const POLL_MS = 3000;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The last day to appeal a decision: CLAIM_APPEAL_DAYS after it ('YYYY-MM-DD'). */
const appealBy = (claim: Claim) => {
  const decided = new Date(claim.resolved_at ?? claim.sent_at ?? Date.now());
  decided.setDate(decided.getDate() + CLAIM_APPEAL_DAYS);
  return `${decided.getFullYear()}-${String(decided.getMonth() + 1).padStart(2, '0')}-${String(decided.getDate()).padStart(2, '0')}`;
};

const stageDate = (claim: Claim, stage: ClaimStage) => (stage === 'received' ? claim.received_at : stage === 'review' ? claim.review_at : claim.resolved_at);

function Tracker({ claim }: { claim: Claim }) {
  const { t } = useTranslation('claims');
  const format = useClaimFormat();
  const current = claim.stage ? CLAIM_STAGES.indexOf(claim.stage) : -1;
  return (
    <section className="claims-section" aria-labelledby="claim-tracker">
      <h2 id="claim-tracker">{t('detail.tracker')}</h2>
      <ol className="claim-tracker">
        {CLAIM_STAGES.map((stage, index) => {
          const state = index < current || (index === current && stage === 'resolved') ? 'done' : index === current ? 'current' : 'pending';
          const date = stageDate(claim, stage);
          return (
            <li key={stage} className="claim-tracker__stage" data-stage={stage} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className="claim-tracker__dot" aria-hidden="true">
                {state === 'done' ? '✓' : index + 1}
              </span>
              <div>
                <p className="claim-tracker__name">{t(`stages.${stage}`)}</p>
                <p className="claim-tracker__when">
                  {t(state === 'done' ? 'detail.stageDone' : state === 'current' ? 'detail.stageCurrent' : 'detail.stagePending')}
                  {date ? ` · ${format.day(date)}` : ''}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The documents the insurer asks for, one slot each, as the claim-documents machine has them. */
function Requested({ documents }: { documents: ClaimDocumentsView }) {
  const { t } = useTranslation('claims');
  if (documents.allSent) {
    return (
      <p className="notice notice--success" role="status">
        {t('detail.allSent')}
      </p>
    );
  }
  if (!documents.showRequested) return null;
  return (
    <section className="claims-section" aria-labelledby="claim-requested">
      <h2 id="claim-requested">{t('detail.requestedTitle')}</h2>
      <p>{t('detail.requestedLead')}</p>
      {documents.slots.map((slot) => (
        <DocumentSlotParts
          key={slot.type}
          actor={slot.upload}
          documentType={slot.type}
          label={t(`documents.${slot.type}`)}
          attaching={slot.attaching}
          error={slot.error}
          onRetry={slot.canRetry ? () => documents.retry(slot.type) : null}
        />
      ))}
    </section>
  );
}

function ClaimView({ claim, documents }: { claim: Claim; documents: ClaimDocumentsView }) {
  const { t } = useTranslation('claims');
  const { t: tDocuments } = useTranslation('documents');
  const format = useClaimFormat();
  const isDraft = claim.status === 'draft';
  return (
    <>
      <header className="claim-detail__header">
        <h1>{isDraft ? t('detail.draftTitle') : t('detail.title', { number: claim.claim_number })}</h1>
        <p>
          <ClaimBadge claim={claim} />
        </p>
      </header>
      {isDraft ? (
        <p>
          <ButtonLink href={routePaths.claimCreateFor.build({ insuranceId: claim.policy.id })}>{t('detail.continue')}</ButtonLink>
        </p>
      ) : null}
      <section className="claims-section" aria-labelledby="claim-facts">
        <h2 id="claim-facts" className="visually-hidden">
          {t('fields.claimNumber')}
        </h2>
        <dl className="claim-facts">
          <Fact label={t('fields.contractNumber')}>{claim.policy.contract_number}</Fact>
          <Fact label={t('fields.product')}>{claim.policy.product_name}</Fact>
          <Fact label={t('fields.insured')}>{claim.policy.insured_name}</Fact>
          <Fact label={t('fields.date')}>{format.day(claim.created_at)}</Fact>
          <Fact label={t('fields.sentDate')}>{claim.sent_at ? format.day(claim.sent_at) : t('fields.notSent')}</Fact>
          {claim.decision_due && claim.stage !== 'resolved' ? <Fact label={t('fields.decisionDue')}>{format.day(claim.decision_due)}</Fact> : null}
          {claim.claim_type ? <Fact label={t('fields.type')}>{t(`types.${claim.claim_type}`)}</Fact> : null}
          {claim.event ? (
            <>
              <Fact label={t('fields.amount')}>{format.money(claim.event.amount)}</Fact>
              <Fact label={t('fields.diagnosis')}>{claim.event.diagnosis}</Fact>
              <Fact label={t('fields.hospital')}>{claim.event.hospital}</Fact>
              <Fact label={t('fields.treatment')}>{t('detail.period', { start: format.day(claim.event.treatment_start), end: format.day(claim.event.treatment_end) })}</Fact>
            </>
          ) : null}
          <Fact label={t('fields.state')}>
            <ClaimBadge claim={claim} />
          </Fact>
          {claim.paid_amount !== null ? <Fact label={t('fields.paidAmount')}>{format.money(claim.paid_amount)}</Fact> : null}
          {claim.payout ? (
            <Fact label={t('fields.payout')}>
              {t('detail.account', { bank: t(`banks.${claim.payout.bank}`), account: claim.payout.account_number, holder: claim.payout.account_holder })}
            </Fact>
          ) : null}
        </dl>
        {claim.late ? <p className="claim-hint">{t('detail.late')}</p> : null}
      </section>
      {claim.outcome === 'refused' || claim.outcome === 'partial' ? (
        <section className="claims-section claim-refusal" aria-labelledby="claim-refusal">
          <h2 id="claim-refusal">{t('detail.refusedTitle')}</h2>
          <dl className="claim-facts">
            {claim.refused_amount !== null ? <Fact label={t('fields.refusedAmount')}>{format.money(claim.refused_amount)}</Fact> : null}
            {claim.refused_reason ? <Fact label={t('fields.refusedReason')}>{claim.refused_reason}</Fact> : null}
          </dl>
          <h3>{t('detail.appealTitle')}</h3>
          <p>{t('detail.appeal', { days: CLAIM_APPEAL_DAYS, date: format.day(appealBy(claim)) })}</p>
          <ContactHelp />
        </section>
      ) : null}
      {!isDraft ? (
        <section className="claims-section claim-letters" aria-labelledby="claim-letters">
          <h2 id="claim-letters">{tDocuments('claimLetters')}</h2>
          <DocumentDownload path={documentPaths.claimSummary(claim.id)} label={tDocuments('claimSummary')} />
          {claim.outcome ? <DocumentDownload path={documentPaths.claimDecision(claim.id)} label={tDocuments('claimDecision')} variant="primary" /> : null}
        </section>
      ) : null}
      {!isDraft ? <Tracker claim={claim} /> : null}
      <Requested documents={documents} />
      {claim.documents.length > 0 ? (
        <section className="claims-section" aria-labelledby="claim-documents">
          <h2 id="claim-documents">{isDraft ? t('wizard.documents.added') : t('detail.documents')}</h2>
          <ul className="claim-documents">
            {claim.documents.map((document) => (
              <li key={document.id}>
                <span>
                  {t(`documents.${document.document_type}`)}: {document.filename}
                </span>
                <span className="claim-documents__meta">
                  {format.day(document.added_at)}
                  {document.after_sending ? ` · ${t('detail.addedLater')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** /user/claim/detail/{id}: the SPEC 3 fields, the stage tracker with dates, the documents, a refusal, and documents the insurer asks for. */
export default function ClaimDetailPage() {
  const { claimId = '' } = useParams<{ claimId: string }>();
  // Another claim starts its own documents machine.
  return <ClaimDetail key={claimId} claimId={claimId} />;
}

function ClaimDetail({ claimId }: { claimId: string }) {
  const { t, i18n } = useTranslation(['claims', UPLOAD_NAMESPACE]);
  const translate = useMessage();
  const [tick, setTick] = useState(0);
  const load = useCallback(() => getClaim(Number(claimId)), [claimId]);
  const resource = useResource(load, `${i18n.language}:${tick}`);
  // The claim as the server last answered: a load or poll is handed to the machine, which also takes the answers of the documents it adds.
  const actor = useActorRef(appMachine);
  // Before the page paints, so the requested documents show with the claim (no shift).
  useLayoutEffect(() => {
    if (resource.data) actor.send({ type: 'claim.loaded', claim: resource.data });
  }, [actor, resource.data]);
  const view = useSelector(actor, connectClaimDocuments, shallowEqual);
  const claim = view.claim ?? resource.data ?? null;
  const documents: ClaimDocumentsView = { ...view, retry: (documentType) => actor.send({ type: 'documents.retry', documentType }) };
  const waiting = claim?.stage === 'received';
  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setTimeout(() => setTick((value) => value + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, tick]);

  return (
    <div className="claims-page" aria-busy={resource.status === 'loading'}>
      <p className="contract-page__back">
        <Link href={routePaths.claimList.build()}>{t('detail.back')}</Link>
      </p>
      {resource.status === 'failed' && !claim ? (
        <>
          <h1>{t('titles.claimDetail', { ns: 'common' })}</h1>
          <div className="notice notice--error" role="alert">
            <p>
              {t('detail.failed')} {translate(resource.error)}
            </p>
            <Button variant="secondary" onPress={resource.retry}>
              {t('list.retry')}
            </Button>
          </div>
        </>
      ) : null}
      {!claim && resource.status === 'loading' ? <Spinner label={t('detail.loading')} /> : null}
      {claim ? <ClaimView claim={claim} documents={documents} /> : null}
    </div>
  );
}
