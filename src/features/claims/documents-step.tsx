/** Step 4: the documents the claim type needs, each uploaded and attached at once; the ones added, to remove. */
import { useTranslation } from 'react-i18next';
import { useCallback, useState } from 'react';
import { ApiError } from '../../../contract/api-error';
import type { Claim } from '../../../contract/claim.schema';
import type { Message } from '../../../contract/validation';
import { removeClaimDocument } from '../../api/claims.api';
import { useMessage } from '../../platform/messages';
import { ErrorNotice } from '../../shared/notices';
import { StepActions } from '../../shared/wizard/step-actions';
import { submitWith } from '../../shared/wizard/submit';
import { Button } from '../../ui/button';
import { useClaimFormat } from './claim-format';
import { DocumentSlot } from './document-slot';
import { NAMESPACE, StepHead, stepPath, type StepProps } from './claim-wizard-parts';

export function DocumentsStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMessage();
  const changed = useCallback((claim: Claim) => actor.send({ type: 'documents.changed', claim }), [actor]);
  const claim = view.claim;
  if (!claim) return null;
  const missingText = view.missing.map((type) => t(`documents.${type}`)).join(', ');
  return (
    <StepHead view={view} lead={t('wizard.documents.lead')}>
      <p className="claim-missing" data-complete={view.missing.length === 0 || undefined} aria-live="polite">
        {view.missing.length > 0 ? t('wizard.documents.missing', { list: missingText }) : t('wizard.documents.complete')}
      </p>
      <h2 className="claim-wizard__subtitle">{t('wizard.documents.needed')}</h2>
      {view.required.map((type) => (
        <DocumentSlot key={type} claimId={claim.id} documentType={type} label={t(`documents.${type}`)} onAttached={changed} done={!view.missing.includes(type)} />
      ))}
      {claim.documents.length > 0 ? (
        <section className="claims-section" aria-labelledby="claim-added">
          <h2 id="claim-added">{t('wizard.documents.added')}</h2>
          <AddedDocuments claim={claim} onChanged={changed} />
        </section>
      ) : null}
      {view.errors.documents ? (
        <p className="field__error" role="alert">
          {translate(view.errors.documents)}
        </p>
      ) : null}
      <form onSubmit={submitWith(() => actor.send({ type: 'documents.submit' }))} noValidate>
        <StepActions back={{ href: stepPath('payout', claim.policy.id), label: t('wizard.back') }} busy={false} next={t('wizard.continue')} />
      </form>
    </StepHead>
  );
}

function AddedDocuments({ claim, onChanged }: { claim: Claim; onChanged: (claim: Claim) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const format = useClaimFormat();
  return (
    <ul className="claim-documents">
      {claim.documents.map((document) => (
        <li key={document.id}>
          <span>
            {t(`documents.${document.document_type}`)}: {document.filename} <span className="claim-documents__meta">({format.fileSize(document.size)})</span>
          </span>
          <RemoveDocument claimId={claim.id} documentId={document.id} name={document.filename} onChanged={onChanged} />
        </li>
      ))}
    </ul>
  );
}

function RemoveDocument({ claimId, documentId, name, onChanged }: { claimId: number; documentId: number; name: string; onChanged: (claim: Claim) => void }) {
  const { t } = useTranslation(NAMESPACE);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Message | null>(null);
  const remove = () => {
    setBusy(true);
    setError(null);
    removeClaimDocument(claimId, documentId).then(
      (claim) => {
        setBusy(false);
        onChanged(claim);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(failure instanceof ApiError ? failure.body : { key: 'errors.generic' });
      },
    );
  };
  return (
    <span>
      <Button variant="ghost" isBusy={busy} onPress={remove} aria-label={t('wizard.documents.removeLabel', { name })}>
        {t('wizard.documents.remove')}
      </Button>
      <ErrorNotice message={error} />
    </span>
  );
}
