/**
 * One upload slot (an identity card's front, a selfie, a claim document): its label, the limits, a
 * choose button, a progress bar in bytes while it uploads, a preview, replace and remove, and every
 * refusal translated. It renders an upload machine actor (machines/upload.machine.ts, usually
 * `uploadSlotMachine` from ./upload-slot-machine.ts) through `uploadView` and sends it
 * `upload.choose`, `upload.retry`, `upload.remove`. Texts: the `upload` namespace (pages that show a
 * slot load it with their own namespace, so it does not suspend).
 */
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { MIB, PDF, uploadContentPath } from '../../../contract/upload.schema';
import type { UploadMachine } from '../../../machines/upload.machine';
import { uploadView } from '../../../machines/upload.connect';
import { apiUrl } from '../../api/client';
import { localeOf } from '../../platform/i18n';
import { Button } from '../../ui/button';
import { FileChooser } from '../../ui/file-chooser';
import { ProgressBar } from '../../ui/progress-bar';
import { ErrorNotice } from '../notices';
import './upload-slot.css';

const KIB = 1024;

/** The i18n namespace of the slot's texts. */
export const UPLOAD_NAMESPACE = 'upload';

/** An upload machine actor, spawned or invoked by the feature (any provided variant). */
export type UploadActor = ActorRefFrom<UploadMachine>;

export interface UploadSlotProps {
  actor: UploadActor;
  /** What the slot holds ("Identity card, front"). */
  label: string;
  /** The credential headers, to read a finished upload back for its preview. */
  headers: () => Record<string, string>;
  /** Offer the phone's camera: `user` (front) for a selfie, `environment` for a document. */
  camera?: 'user' | 'environment';
  /** Shown with a tick next to the label when what the slot stands for is done (a claim's document added). */
  doneText?: string | null;
}

/** An object URL for a local image, or the finished upload read back with the credential. */
function usePreview(file: File | null, uploadedId: string | null, uploadedMime: string | null, headers: () => Record<string, string>) {
  const source: File | string | null = file ? (file.type === PDF ? null : file) : uploadedId && uploadedMime !== PDF ? uploadedId : null;
  const [shown, setShown] = useState<{ source: File | string; url: string } | null>(null);
  useEffect(() => {
    if (!source) return undefined;
    let stopped = false;
    let objectUrl: string | null = null;
    const blob: Promise<Blob | null> =
      typeof source === 'string'
        ? fetch(apiUrl(uploadContentPath(source)), { headers: headers() }).then((response) => (response.ok ? response.blob() : null))
        : Promise.resolve(source);
    blob
      .then((data) => {
        if (stopped || !data) return;
        objectUrl = URL.createObjectURL(data);
        setShown({ source, url: objectUrl });
      })
      .catch(() => {});
    return () => {
      stopped = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // The credential getter may be a new function each render; the preview depends on what is shown only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);
  return shown && shown.source === source ? shown.url : null;
}

export function UploadSlot({ actor, label, headers, camera, doneText }: UploadSlotProps) {
  const { t, i18n } = useTranslation(UPLOAD_NAMESPACE);
  const view = useSelector(actor, uploadView, shallowEqual);
  const hintId = useId();
  const preview = usePreview(view.file, view.uploaded?.id ?? null, view.uploaded?.mime ?? null, headers);
  const megabytes = new Intl.NumberFormat(localeOf(i18n.language), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const kilobytes = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 0 });
  // Under 1 MB in whole KB ("35 of 120 KB"), else MB with one decimal.
  const progressText = (sent: number, total: number) =>
    total < MIB
      ? t('progressKb', { sent: kilobytes.format(Math.round(sent / KIB)), total: kilobytes.format(Math.max(1, Math.round(total / KIB))) })
      : t('progress', { sent: megabytes.format(sent / MIB), total: megabytes.format(total / MIB) });
  const choose = (file: File) => actor.send({ type: 'upload.choose', file });
  const chooseLabel = view.isReplace ? t('replace') : view.kind === 'image' ? t('choosePhoto') : t('chooseFile');

  return (
    <section className="upload-slot" aria-label={label} data-status={view.status}>
      <div className="upload-slot__head">
        <h3 className="upload-slot__label">{label}</h3>
        {doneText ? (
          <p className="upload-slot__done">
            <span aria-hidden="true">✓ </span>
            {doneText}
          </p>
        ) : null}
        <p className="upload-slot__hint" id={hintId}>
          {t(view.kind === 'image' ? 'hint' : 'hintDocument', { mb: view.limitMb })}
        </p>
      </div>

      {preview ? (
        <img className="upload-slot__preview" src={preview} alt={t('preview', { label })} />
      ) : view.filename && view.status !== 'empty' ? (
        <p className="upload-slot__filename">{view.filename}</p>
      ) : null}

      {view.status === 'checking' ? (
        <p className="upload-slot__status" role="status">
          {t('checking')}
        </p>
      ) : null}
      {view.status === 'uploading' || (view.status === 'failed' && view.bytesSent > 0) ? (
        <ProgressBar
          label={t('uploading', { label })}
          value={view.bytesSent}
          maxValue={view.bytesTotal}
          valueText={progressText(view.bytesSent, view.bytesTotal)}
        />
      ) : null}
      {view.status === 'uploaded' ? (
        <p className="upload-slot__status upload-slot__status--done" role="status">
          {t('uploaded')}
        </p>
      ) : null}
      {view.offline && view.isBusy ? (
        <p className="upload-slot__status" role="status">
          {t('offline')}
        </p>
      ) : null}
      <ErrorNotice message={view.error} />

      <div className="upload-slot__actions">
        <FileChooser accept={view.accept} onChoose={choose} aria-describedby={hintId} {...(camera ? { camera } : {})} variant={view.isReplace ? 'secondary' : 'primary'}>
          {chooseLabel}
        </FileChooser>
        {view.canRetry ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'upload.retry' })}>
            {t('retry')}
          </Button>
        ) : null}
        {view.canRemove ? (
          <Button variant="ghost" onPress={() => actor.send({ type: 'upload.remove' })}>
            {t('remove')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
