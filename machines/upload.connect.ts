/**
 * An upload slot's snapshot → what its view shows (src/shared/upload/upload-slot.tsx): the view
 * renders these props and sends `upload.choose`, `upload.retry`, `upload.remove`; it never reads the
 * state structure itself.
 */
import {
  ACCEPT_ATTRIBUTE,
  uploadErrorMessage,
  uploadLimitMb,
  type UploadedFile,
  type UploadKind,
} from '../contract/upload.schema';
import type { Message } from '../contract/validation';
import type { UploadInput, UploadSnapshot } from './upload.machine';

export type UploadStatus = 'empty' | 'checking' | 'uploading' | 'uploaded' | 'failed';

export interface UploadView {
  status: UploadStatus;
  kind: UploadKind;
  /** The limit in MB for the hint ("JPEG, PNG or HEIC, at most 10 MB"). */
  limitMb: number;
  /** What the file picker offers. */
  accept: readonly string[];
  /** The chosen file (for a local preview) while there is one. */
  file: File | null;
  /** The name shown: the chosen file's, else the finished upload's. */
  filename: string | null;
  bytesSent: number;
  bytesTotal: number;
  /** The finished upload (also while a replacement is being checked or sent). */
  uploaded: UploadedFile | null;
  /** The translated refusal or failure, if any. */
  error: Message | null;
  /** The browser is offline: the transfer waits for the connection and then resumes. */
  offline: boolean;
  canRetry: boolean;
  canRemove: boolean;
  /** Choosing now replaces what the slot holds. */
  isReplace: boolean;
  /** A file is on its way (checked or sent). */
  isBusy: boolean;
}

const statusOf = (snapshot: UploadSnapshot): UploadStatus => {
  if (snapshot.matches('checking')) return 'checking';
  if (snapshot.matches('uploading')) return 'uploading';
  if (snapshot.matches('uploaded')) return 'uploaded';
  if (snapshot.matches('failed')) return 'failed';
  return 'empty';
};

export const uploadView = (snapshot: UploadSnapshot): UploadView => {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  return {
    status,
    kind: context.kind,
    limitMb: uploadLimitMb(context.kind),
    accept: ACCEPT_ATTRIBUTE[context.kind],
    file: context.file,
    filename: context.file?.name ?? context.uploaded?.filename ?? null,
    bytesSent: context.bytesSent,
    bytesTotal: context.bytesTotal,
    uploaded: context.uploaded,
    error: context.failure ? uploadErrorMessage(context.failure, context.kind) : null,
    offline: !context.online,
    canRetry: status === 'failed',
    canRemove: status !== 'empty' || context.failure !== null,
    isReplace: status !== 'empty',
    isBusy: status === 'checking' || status === 'uploading',
  };
};

/** What a parent persists of a slot and gives back as its input after a reload (never the file). */
export const persistedUpload = (snapshot: UploadSnapshot): UploadInput => ({
  kind: snapshot.context.kind,
  uploaded: snapshot.context.uploaded,
});
