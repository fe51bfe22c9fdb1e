/**
 * The upload machine's `inspect` and `connectivity` actors: what the browser checks before sending a
 * byte (the type by the file's first bytes, the same check as the server's; a HEIC photo only when
 * this browser can show it), and the browser's online/offline events.
 */
import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { HEIC, isAccepted, SNIFF_BYTES, sniffMime, UploadFailure, type UploadMime } from '../../../contract/upload.schema';
import type { InspectInput } from '../../../machines/upload.machine';

/** Whether this browser can decode the image (a HEIC photo in Safari yes, in Chromium no). */
export const canDecodeImage = async (file: Blob): Promise<boolean> => {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      bitmap.close();
      return true;
    } catch {
      // Some browsers decode in <img> what createImageBitmap refuses: try that too.
    }
  }
  if (typeof Image !== 'function' || typeof URL.createObjectURL !== 'function') return false;
  const url = URL.createObjectURL(file);
  try {
    return await new Promise<boolean>((resolve) => {
      const image = new Image();
      image.onload = () => resolve(image.naturalWidth > 0);
      image.onerror = () => resolve(false);
      image.src = url;
    });
  } finally {
    URL.revokeObjectURL(url);
  }
};

const readHead = async (file: Blob): Promise<Uint8Array> => {
  try {
    return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  } catch {
    throw new UploadFailure('unreadable');
  }
};

export const inspectFile = async ({ file, kind }: InspectInput, decodes = canDecodeImage): Promise<{ mime: UploadMime }> => {
  const mime = sniffMime(await readHead(file));
  if (!isAccepted(kind, mime)) throw new UploadFailure('badType');
  if (mime === HEIC && !(await decodes(file))) throw new UploadFailure('heicUnsupported');
  return { mime };
};

export const inspectActor = fromPromise<{ mime: UploadMime }, InspectInput>(({ input }) => inspectFile(input));

/** Sends `upload.online` / `upload.offline` as the browser's connection changes (and once at start when offline). */
export const connectivityActor = fromCallback<EventObject, void>(({ sendBack }) => {
  const online = () => sendBack({ type: 'upload.online' });
  const offline = () => sendBack({ type: 'upload.offline' });
  if (globalThis.navigator?.onLine === false) offline();
  globalThis.addEventListener?.('online', online);
  globalThis.addEventListener?.('offline', offline);
  return () => {
    globalThis.removeEventListener?.('online', online);
    globalThis.removeEventListener?.('offline', offline);
  };
});
