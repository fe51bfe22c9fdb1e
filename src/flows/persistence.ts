/**
 * Resume: a wizard's persisted snapshot is kept in local storage, versioned ({ v, machine, snapshot })
 * and keyed by flow and user. A stale version, another machine's snapshot or one the machine cannot
 * resolve any more is discarded, never crashes the page. A state that was mid-request re-runs its
 * request on restore; writes carry idempotency keys so nothing is sent twice. Delayed transitions
 * (`after`) do not survive a reload: a restored actor is sent `flow.resumed` once, so a machine that
 * counts down can restart its timers (machines that do not handle the event ignore it).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { AnyStateMachine, InputFrom, Snapshot, SnapshotFrom } from 'xstate';

export interface PersistOptions {
  /** Storage key, e.g. `flow:buy-insurance:guest`. */
  key: string;
  /** Bump when the machine's states or context change shape. */
  version: number;
  storage?: Storage;
}

interface Envelope {
  v: number;
  machine: string;
  snapshot: Snapshot<unknown>;
}

const storageOf = (options: PersistOptions) => options.storage ?? globalThis.localStorage;

export const clearPersisted = (options: PersistOptions) => storageOf(options)?.removeItem(options.key);

/** The stored snapshot when it belongs to this machine and version and still resolves; else undefined. */
export const loadPersisted = (machine: AnyStateMachine, options: PersistOptions): Snapshot<unknown> | undefined => {
  const storage = storageOf(options);
  try {
    const raw = storage?.getItem(options.key);
    if (!raw) return undefined;
    const envelope = JSON.parse(raw) as Partial<Envelope>;
    if (envelope.v !== options.version || envelope.machine !== machine.id || !envelope.snapshot) throw new Error('stale');
    const snapshot = envelope.snapshot as { value?: unknown; context?: unknown; status?: string };
    if (snapshot.status !== 'active') throw new Error('finished');
    // Throws when the stored state no longer exists in the machine.
    machine.resolveState({ value: snapshot.value as never, context: snapshot.context as never });
    return envelope.snapshot;
  } catch {
    storage?.removeItem(options.key);
    return undefined;
  }
};

export const savePersisted = (machine: AnyStateMachine, snapshot: Snapshot<unknown>, options: PersistOptions) => {
  const envelope: Envelope = { v: options.version, machine: machine.id, snapshot };
  try {
    storageOf(options)?.setItem(options.key, JSON.stringify(envelope));
  } catch {
    // Storage full or disabled: the flow still works, it just cannot resume after a reload.
  }
};

/** The event a restored actor receives once it runs again. */
export const FLOW_RESUMED = { type: 'flow.resumed' } as const;

export interface PersistedActorOptions<TMachine extends AnyStateMachine> extends PersistOptions {
  input?: InputFrom<TMachine>;
  /**
   * What of the persisted snapshot to keep, given the live one; null keeps nothing and clears what
   * was stored. For steps that must not reach storage (a password being typed).
   */
  select?: (persisted: Snapshot<unknown>, snapshot: SnapshotFrom<TMachine>) => Snapshot<unknown> | null;
}

/** An actor restored from storage when possible, persisted after every transition, cleared when done. */
export function usePersistedActorRef<TMachine extends AnyStateMachine>(machine: TMachine, options: PersistedActorOptions<TMachine>) {
  const restored = useMemo(() => loadPersisted(machine, options), [machine, options.key, options.version]); // eslint-disable-line react-hooks/exhaustive-deps
  const actor = useActorRef(machine, { ...(restored ? { snapshot: restored } : {}), ...(options.input !== undefined ? { input: options.input } : {}) } as never);
  const resumed = useRef(false);
  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if ((snapshot as Snapshot<unknown>).status !== 'active') return clearPersisted(options);
      const persisted = actor.getPersistedSnapshot();
      const kept = options.select ? options.select(persisted, snapshot as SnapshotFrom<TMachine>) : persisted;
      if (kept) savePersisted(machine, kept, options);
      else clearPersisted(options);
    });
    if (restored && !resumed.current) {
      resumed.current = true;
      actor.send(FLOW_RESUMED as never);
    }
    return () => subscription.unsubscribe();
  }, [actor, machine, options.key, options.version]); // eslint-disable-line react-hooks/exhaustive-deps
  return actor;
}
