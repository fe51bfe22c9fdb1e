/**
 * One claim document to add: an upload slot (the resumable store, kind 'document': PDF, JPEG or PNG,
 * at most 20 MB, progress, retry, remove) whose finished upload is attached to the claim at once
 * (POST /api/claims/{id}/documents/). Once attached, the slot starts empty again so another file of
 * the same kind can follow; the claim the server answered goes to `onAttached`. `DocumentSlotParts` is
 * what a slot shows, also for the claim's detail page, whose slots run on the claim-documents machine.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Claim, DocumentType } from '../../../contract/claim.schema';
import { ApiError } from '../../../contract/api-error';
import type { Message } from '../../../contract/validation';
import type { UploadedFile } from '../../../contract/upload.schema';
import { addClaimDocument } from '../../api/claims.api';
import { bearerHeaders } from '../../api/client';
import { ErrorNotice } from '../../shared/notices';
import { UploadSlot, type UploadActor } from '../../shared/upload/upload-slot';
import { useUploadSlot } from '../../shared/upload/use-upload-slot';
import { Button } from '../../ui/button';

interface DocumentSlotProps {
  claimId: number;
  documentType: DocumentType;
  label: string;
  onAttached: (claim: Claim) => void;
  /** The claim holds a file of this type already: the slot shows a tick (another file may still follow). */
  done?: boolean;
}

function Slot({ claimId, documentType, label, onAttached, done = false }: DocumentSlotProps) {
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [attaching, setAttaching] = useState(false);
  const [error, setError] = useState<Message | null>(null);

  const attach = useCallback(
    (id: string) => {
      setAttaching(true);
      setError(null);
      addClaimDocument(claimId, { upload_id: id, document_type: documentType }).then(
        (claim) => {
          setAttaching(false);
          onAttached(claim);
        },
        (failure: unknown) => {
          setAttaching(false);
          setError(failure instanceof ApiError ? (Object.values(failure.fields ?? {})[0] ?? failure.body) : { key: 'errors.generic' });
        },
      );
    },
    [claimId, documentType, onAttached],
  );

  // A finished upload is attached at once (once per upload id).
  const uploaded = useCallback(
    (file: UploadedFile | null) => {
      setUploadId(file?.id ?? null);
      if (file) attach(file.id);
    },
    [attach],
  );
  const actor = useUploadSlot({ kind: 'document', headers: bearerHeaders, onUploaded: uploaded });

  return (
    <DocumentSlotParts
      actor={actor}
      documentType={documentType}
      label={label}
      done={done}
      attaching={attaching}
      error={error}
      onRetry={uploadId ? () => attach(uploadId) : null}
    />
  );
}

interface DocumentSlotPartsProps {
  actor: UploadActor;
  documentType: DocumentType;
  label: string;
  done?: boolean;
  /** Its finished upload is being attached to the claim. */
  attaching: boolean;
  /** Why attaching failed. */
  error: Message | null;
  /** Attach the upload again (shown with the error). */
  onRetry: (() => void) | null;
}

/** What a claim document slot shows: the upload slot, "attaching…", and a failed attach with its retry. */
export function DocumentSlotParts({ actor, documentType, label, done = false, attaching, error, onRetry }: DocumentSlotPartsProps) {
  const { t } = useTranslation('claims');
  return (
    <div className="claim-document-slot" data-document={documentType}>
      <UploadSlot actor={actor} label={label} headers={bearerHeaders} camera="environment" doneText={done ? t('wizard.documents.slotDone') : null} />
      {attaching ? (
        <p className="claim-hint" role="status">
          {t('wizard.documents.attaching')}
        </p>
      ) : null}
      {error ? (
        <div className="claim-document-slot__error">
          <ErrorNotice message={error} />
          {onRetry ? (
            <Button variant="secondary" onPress={onRetry}>
              {t('wizard.retry')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** A slot that starts afresh after each attached file (a new upload actor per file). */
export function DocumentSlot(props: DocumentSlotProps) {
  const [generation, setGeneration] = useState(0);
  const { onAttached } = props;
  const attached = useCallback(
    (claim: Claim) => {
      setGeneration((value) => value + 1);
      onAttached(claim);
    },
    [onAttached],
  );
  return <Slot key={generation} {...props} onAttached={attached} />;
}
