/**
 * One claim document to add: an upload slot (the resumable store, kind 'document': PDF, JPEG or PNG,
 * at most 20 MB, progress, retry, remove) whose finished upload is attached to the claim at once
 * (POST /api/claims/{id}/documents/). Once attached, the slot starts empty again so another file of
 * the same kind can follow; the claim the server answered goes to `onAttached`.
 */
import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Claim, DocumentType } from '../../../contract/claim.schema';
import { ApiError } from '../../../contract/api-error';
import type { Message } from '../../../contract/validation';
import { addClaimDocument } from '../../api/claims.api';
import { readToken } from '../../app/session-storage';
import { ErrorNotice } from '../../shared/notices';
import { UploadSlot, type UploadActor } from '../../shared/upload/upload-slot';
import { uploadSlotMachine } from '../../shared/upload/upload-slot-machine';
import { Button } from '../../ui/button';

const bearer = (): Record<string, string> => {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
};

interface DocumentSlotProps {
  claimId: number;
  documentType: DocumentType;
  label: string;
  onAttached: (claim: Claim) => void;
  /** The claim holds a file of this type already: the slot shows a tick (another file may still follow). */
  done?: boolean;
}

function Slot({ claimId, documentType, label, onAttached, done = false }: DocumentSlotProps) {
  const { t } = useTranslation('claims');
  const machine = useMemo(() => uploadSlotMachine({ headers: bearer }), []);
  const actor = useActorRef(machine, { input: { kind: 'document' } });
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
  const attachRef = useRef(attach);
  useEffect(() => {
    attachRef.current = attach;
  }, [attach]);
  useEffect(() => {
    let last: string | null = null;
    const subscription = actor.subscribe((snapshot) => {
      const id = snapshot.context.uploaded?.id ?? null;
      if (id === last) return;
      last = id;
      setUploadId(id);
      if (id) attachRef.current(id);
    });
    return () => subscription.unsubscribe();
  }, [actor]);

  return (
    <div className="claim-document-slot" data-document={documentType}>
      <UploadSlot actor={actor as unknown as UploadActor} label={label} headers={bearer} camera="environment" doneText={done ? t('wizard.documents.slotDone') : null} />
      {attaching ? (
        <p className="claim-hint" role="status">
          {t('wizard.documents.attaching')}
        </p>
      ) : null}
      {error ? (
        <div className="claim-document-slot__error">
          <ErrorNotice message={error} />
          {uploadId ? (
            <Button variant="secondary" onPress={() => attach(uploadId)}>
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
