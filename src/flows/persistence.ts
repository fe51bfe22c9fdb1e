/**
 * Where wizards keep their progress: one persisted snapshot per flow and user of this browser, in
 * local storage, versioned (`{ v, machine, snapshot }`) under `flow:<flow>:<user>`. A stale version,
 * another machine's snapshot or one the machine cannot resolve any more is discarded, never crashes
 * the page. No React here: the runner (`useWizard`) and pages that only peek at a flow (a "continue
 * your purchase" box, a status page clearing a finished purchase) share it.
 */
import type { AnyStateMachine, Snapshot } from 'xstate';

/** The user part of a key for a signed-out visitor. */
export const GUEST = 'guest';

/** The user part of a key for a signed-in partner. */
export const userKeyOf = (partnerId: number | null | undefined): string =>
  partnerId === null || partnerId === undefined ? GUEST : `user-${partnerId}`;

export interface WizardStore {
  /** The flow's name in the key, e.g. `buy-insurance`. */
  flow: string;
  /** Bump when the machine's states or context change shape: older snapshots are dropped. */
  version: number;
  storage?: Storage;
}

export interface PersistOptions {
  /** Storage key, e.g. `flow:buy-insurance:guest`. */
  key: string;
  version: number;
  storage?: Storage;
}

/** What a stored snapshot looks like to code that only reads it. */
export interface StoredSnapshot<TContext = Record<string, unknown>> {
  status: 'active';
  value: unknown;
  context: TContext;
}

interface Envelope {
  v: number;
  machine: string;
  snapshot: Snapshot<unknown>;
}

const KEY_PREFIX = 'flow:';

export const wizardKey = (flow: string, user: string) => `${KEY_PREFIX}${flow}:${user}`;

/** The persistence options of one flow for one user. */
export const storeOf = (store: WizardStore, user: string): PersistOptions => ({
  key: wizardKey(store.flow, user),
  version: store.version,
  ...(store.storage ? { storage: store.storage } : {}),
});

const storageOf = (options: { storage?: Storage }) => options.storage ?? (globalThis.localStorage as Storage | undefined);

export const clearPersisted = (options: PersistOptions) => {
  try {
    storageOf(options)?.removeItem(options.key);
  } catch {
    // Storage disabled: there is nothing to clear.
  }
};

/** The stored snapshot when it belongs to this machine and version and still resolves; else undefined. */
export const loadPersisted = (machine: AnyStateMachine, options: PersistOptions): (Snapshot<unknown> & StoredSnapshot) | undefined => {
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
    return envelope.snapshot as Snapshot<unknown> & StoredSnapshot;
  } catch {
    clearPersisted(options);
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

/** A flow's stored snapshot for a user, checked like a restore (version, machine, resolvable). */
export const peekWizard = <TContext>(machine: AnyStateMachine, store: WizardStore, user: string): StoredSnapshot<TContext> | null =>
  (loadPersisted(machine, storeOf(store, user)) as StoredSnapshot<TContext> | undefined) ?? null;

/** Forgets every user's stored snapshot of a flow whose context `matches` (e.g. one purchase once it is paid). */
export const clearWizards = (store: WizardStore, matches: (context: Record<string, unknown>) => boolean) => {
  const storage = storageOf(store);
  if (!storage) return;
  const prefix = wizardKey(store.flow, '');
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  for (const key of keys) {
    try {
      const envelope = JSON.parse(storage.getItem(key) ?? 'null') as { snapshot?: { context?: Record<string, unknown> } } | null;
      if (!envelope?.snapshot?.context || matches(envelope.snapshot.context)) storage.removeItem(key);
    } catch {
      storage.removeItem(key);
    }
  }
};
