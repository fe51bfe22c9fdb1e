/**
 * The upload machine's `transfer` actor: one file sent to the tus store (/api/uploads/) with
 * tus-js-client. Progress comes from the upload's progress events. A dropped connection is retried
 * after short waits (`RETRY_DELAYS_MS`); when the waits run out, or the browser is offline, it reports
 * `network` and the machine starts it again when the connection is back. Every start looks for an
 * earlier upload of the same file (the fingerprint: kind, name, type, size, modification time) and
 * continues from the bytes the server reports, so nothing is sent twice. tus-js-client itself is
 * loaded with the first upload, not with the pages that offer one; a failed load counts as `network`.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import { fromCallback, type EventObject } from 'xstate';
import { uploadCodeOfBody, UPLOADS_PATH, type UploadErrorCode } from '../../../contract/upload.schema';
import type { TransferEvent, TransferInput } from '../../../machines/upload.machine';
import { apiUrl } from '../../api/client';

/**
 * Waits before retrying a failed request: at once, then after 1 s and 3 s. A connection that stays
 * down is then reported (`network`) after about 5 s, so the slot offers its retry within seconds (it
 * used to wait about 50 s); coming back online restarts it by itself.
 */
export const RETRY_DELAYS_MS = [0, 1_000, 3_000];

/** A request that moves no byte and gets no answer for this long is given up as a lost connection. */
export const STALL_TIMEOUT_MS = 15_000;

export interface TransferOptions {
  /** The credential headers of the feature (Bearer token, X-Draft-Token), read before every request. */
  headers: () => Record<string, string>;
  /** The store's address; default `/api/uploads/` on the API's host. */
  endpoint?: string;
  retryDelays?: number[];
  stallTimeoutMs?: number;
}

/** The code of a failed tus request: the store's JSON code, else by status; no answer is the network. */
export const transferFailureCode = (error: unknown): UploadErrorCode => {
  // tus-js-client's DetailedError, recognised without loading the library.
  const response = error !== null && typeof error === 'object' && 'originalResponse' in error ? (error as DetailedError).originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return 'network';
  // The server stored another offset than the request assumed (a request cut off and sent again by
  // the browser) or the upload is busy: resuming (HEAD, then PATCH from there) fixes both.
  if (status === 409 || status === 423) return 'network';
  let body: unknown;
  try {
    body = JSON.parse(response.getBody() ?? '');
  } catch {
    body = null;
  }
  const code = uploadCodeOfBody(body);
  if (code) return code;
  if (status === 401) return 'unauthorized';
  if (status === 404 || status === 410) return 'notFound';
  if (status === 413) return 'tooLarge';
  if (status === 415) return 'badType';
  return status >= 500 ? 'network' : 'refused';
};

/** The upload's id: the last segment of the URL the store gave. */
const idOf = (url: string) => decodeURIComponent(new URL(url, globalThis.location?.href ?? 'http://localhost/').pathname.split('/').filter(Boolean).pop() ?? '');

export const tusTransfer = ({ headers, endpoint = apiUrl(`${UPLOADS_PATH}/`), retryDelays = RETRY_DELAYS_MS, stallTimeoutMs = STALL_TIMEOUT_MS }: TransferOptions) =>
  fromCallback<EventObject, TransferInput>(({ input, sendBack }) => {
    const send = (event: TransferEvent) => sendBack(event);
    let finished = false;
    let upload: Upload | undefined;
    // The stall watchdog: any sign of life (a request starting, bytes moving, an answer) resets it.
    let lastSign = Date.now();
    const alive = () => {
      lastSign = Date.now();
    };
    const watchdog = setInterval(() => {
      if (finished || Date.now() - lastSign < stallTimeoutMs) return;
      finished = true;
      clearInterval(watchdog);
      void upload?.abort(false);
      send({ type: 'transfer.failed', code: 'network' });
    }, 1_000);
    const begin = (Tus: typeof Upload) => {
      if (finished) return;
      const started: Upload = new Tus(input.file, {
        endpoint,
        retryDelays,
        metadata: { kind: input.kind, filename: input.file.name },
        fingerprint: async (file) => ['daatgal-upload', input.kind, file.name, file.type, file.size, (file as File).lastModified, endpoint].join('|'),
        removeFingerprintOnSuccess: true,
        onBeforeRequest: (request) => {
          alive();
          for (const [name, value] of Object.entries(headers())) request.setHeader(name, value);
        },
        onAfterResponse: alive,
        // The total is the file's size whatever the client reports (it may report 0 before it knows).
        onProgress: (bytesSent, bytesTotal) => {
          alive();
          send({ type: 'transfer.progress', bytesSent, bytesTotal: bytesTotal || input.file.size });
        },
        onSuccess: () => {
          finished = true;
          clearInterval(watchdog);
          send({ type: 'transfer.done', id: idOf(started.url ?? '') });
        },
        onError: (error) => {
          finished = true;
          clearInterval(watchdog);
          send({ type: 'transfer.failed', code: transferFailureCode(error) });
        },
      });
      upload = started;
      started.findPreviousUploads().then(
        (previous) => {
          if (finished) return;
          const [latest] = previous;
          if (latest) started.resumeFromPreviousUpload(latest);
          started.start();
        },
        () => started.start(),
      );
    };
    import('tus-js-client').then(
      ({ Upload: Tus }) => begin(Tus),
      () => {
        if (finished) return;
        finished = true;
        clearInterval(watchdog);
        send({ type: 'transfer.failed', code: 'network' });
      },
    );
    // Stopped (removed, replaced, the slot left, or restarted when the connection is back): the
    // request ends, the stored bytes stay for the next start.
    return () => {
      finished = true;
      clearInterval(watchdog);
      void upload?.abort(false);
    };
  });
