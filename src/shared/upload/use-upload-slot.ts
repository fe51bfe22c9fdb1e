/**
 * A typed upload slot for a feature: the upload machine with the browser's actors
 * (./upload-slot-machine.ts), started with the slot's input, as the `UploadActor` that `UploadSlot`
 * renders. `onUploaded` hears each change of the finished upload once: the new one, or null when it
 * was removed; the upload the slot starts with is not reported.
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { UploadedFile, UploadKind } from '../../../contract/upload.schema';
import type { UploadActor } from './upload-slot';
import { uploadSlotMachine } from './upload-slot-machine';

export interface UploadSlotOptions {
  kind: UploadKind;
  /** A finished upload restored from a draft. */
  uploaded?: UploadedFile | null;
  /** The credential headers (Bearer token, X-Draft-Token); a new function makes a new slot. */
  headers: () => Record<string, string>;
  onUploaded?: (file: UploadedFile | null) => void;
}

export function useUploadSlot({ kind, uploaded = null, headers, onUploaded }: UploadSlotOptions): UploadActor {
  const machine = useMemo(() => uploadSlotMachine({ headers }), [headers]);
  const actor: UploadActor = useActorRef(machine, { input: { kind, uploaded } });
  const report = useRef(onUploaded);
  useEffect(() => {
    report.current = onUploaded;
  }, [onUploaded]);
  useEffect(() => {
    let last = actor.getSnapshot().context.uploaded?.id ?? null;
    const subscription = actor.subscribe((snapshot) => {
      const now = snapshot.context.uploaded;
      if ((now?.id ?? null) === last) return;
      last = now?.id ?? null;
      report.current?.(now ? { id: now.id, filename: now.filename, size: now.size, mime: now.mime } : null);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return actor;
}
