/** Step 5: the whole claim to check, each part with its way back to edit it; sends the claim. */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CLAIM_STEPS_SHOWN } from '../../../machines/claim-creation.connect';
import { StepActions } from '../../shared/wizard/step-actions';
import { submitWith } from '../../shared/wizard/submit';
import { useClaimFormat } from './claim-format';
import { LateNotice, NAMESPACE, StepHead, stepPath, type StepProps } from './claim-wizard-parts';

export function ReviewStep({ actor, view, policyId }: StepProps & { policyId: number }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useClaimFormat();
  const claim = view.claim;
  if (!claim) return null;
  const edit = (step: (typeof CLAIM_STEPS_SHOWN)[number]) => (
    <Link href={stepPath(step, policyId)} aria-label={t('wizard.review.editLabel', { step: t(`wizard.step.${step}`) })}>
      {t('wizard.review.edit')}
    </Link>
  );
  return (
    <StepHead view={view} lead={t('wizard.review.lead')} className="claim-review">
      <LateNotice view={view} />
      <section className="claims-section" aria-labelledby="review-type">
        <div className="claim-review__head">
          <h2 id="review-type">{t('wizard.step.type')}</h2>
          {edit('type')}
        </div>
        <p>{claim.claim_type ? t(`types.${claim.claim_type}`) : ''}</p>
      </section>
      {claim.event ? (
        <section className="claims-section" aria-labelledby="review-event">
          <div className="claim-review__head">
            <h2 id="review-event">{t('wizard.step.event')}</h2>
            {edit('event')}
          </div>
          <dl className="claim-facts">
            <div>
              <dt>{t('fields.treatment')}</dt>
              <dd>{t('detail.period', { start: format.day(claim.event.treatment_start), end: format.day(claim.event.treatment_end) })}</dd>
            </div>
            <div>
              <dt>{t('fields.hospital')}</dt>
              <dd>{claim.event.hospital}</dd>
            </div>
            <div>
              <dt>{t('fields.diagnosis')}</dt>
              <dd>{claim.event.diagnosis}</dd>
            </div>
            <div>
              <dt>{t('fields.amount')}</dt>
              <dd>{format.money(claim.event.amount)}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      {claim.payout ? (
        <section className="claims-section" aria-labelledby="review-payout">
          <div className="claim-review__head">
            <h2 id="review-payout">{t('wizard.step.payout')}</h2>
            {edit('payout')}
          </div>
          <p>{t('detail.account', { bank: t(`banks.${claim.payout.bank}`), account: claim.payout.account_number, holder: claim.payout.account_holder })}</p>
        </section>
      ) : null}
      <section className="claims-section" aria-labelledby="review-documents">
        <div className="claim-review__head">
          <h2 id="review-documents">{t('wizard.step.documents')}</h2>
          {edit('documents')}
        </div>
        <ul className="claim-documents">
          {claim.documents.map((document) => (
            <li key={document.id}>
              {t(`documents.${document.document_type}`)}: {document.filename}
            </li>
          ))}
        </ul>
      </section>
      <form onSubmit={submitWith(() => actor.send({ type: 'claim.submit' }))} noValidate>
        <StepActions back={{ href: stepPath('documents', policyId), label: t('wizard.back') }} busy={view.isBusy} next={view.isBusy ? t('wizard.review.submitting') : t('wizard.review.submit')} />
      </form>
    </StepHead>
  );
}
