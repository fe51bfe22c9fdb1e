/**
 * The one wizard runner. Every wizard (buy insurance, registration, password recovery, settings, and
 * the flows to come) runs its machine through `useWizard`, which owns what they all need:
 *
 * - restore: the stored snapshot of this flow and user when it fits the URL (`resumes`), else a new
 *   actor from `input`. A signed-in user also takes over what they began as a visitor (`takeover`):
 *   the visitor's snapshot moves under their own key.
 * - persist: after transitions, at most every `PERSIST_EVERY_MS` (and once more when the page is
 *   hidden or the wizard unmounts), only what `select` keeps — what resume needs, not reference data
 *   fetched again on resume; a finished actor clears its entry.
 * - URL <-> state through the machine's routable states (`useUrlSync`).
 * - `flow.resumed` once after a restore (or `resumeEvent`), `flow.refresh` when the language changes
 *   or the browser shows the page again from its back-forward cache (`refreshOn`).
 * - hand-offs: a machine never navigates itself; it emits `flow.navigate` and the runner performs it
 *   (in-app, replacing, or to another site such as the bank's card page), first writing the hand-off
 *   data the next flow reads (src/flows/hand-off.ts).
 */
import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { AnyStateMachine, EventFrom, InputFrom, Snapshot, SnapshotFrom } from 'xstate';
import type { FlowNavigate } from '../../machines/flow';
import { performNavigate } from './navigate';
import { clearPersisted, GUEST, loadPersisted, savePersisted, storeOf, type StoredSnapshot, type WizardStore } from './persistence';
import type { PathParams } from './route-states';
import { useUrlSync } from './use-url-sync';

/** The event a restored actor receives once it runs again (machines that do not handle it ignore it). */
export const FLOW_RESUMED = { type: 'flow.resumed' } as const;
export const FLOW_REFRESH = { type: 'flow.refresh' } as const;

/** Persisting on every keystroke is wasteful; a trailing save at most this often is enough. */
export const PERSIST_EVERY_MS = 300;

export interface WizardOptions<TMachine extends AnyStateMachine> extends WizardStore {
  /** Whose flow this is: `guest` or `user-<partner id>` (persistence.ts `userKeyOf`). */
  user: string;
  /** False for a flow that must not be stored at all (it loads everything again, or holds secrets). */
  persist?: boolean;
  /** The input of a new actor (ignored when a stored snapshot is restored). */
  input?: InputFrom<TMachine>;
  /** Whether the stored snapshot is what this URL asks for; by default any stored one is resumed. */
  resumes?: (stored: StoredSnapshot, location: string) => boolean;
  /** Whether a signed-in user resumes what they began as a visitor in this browser. */
  takeover?: boolean;
  /**
   * What of the persisted snapshot to keep: null clears what was stored (a step that must not reach
   * storage), undefined leaves it as it was (nothing worth storing yet).
   */
  select?: (persisted: Snapshot<unknown> & { context: unknown }, snapshot: SnapshotFrom<TMachine>) => Snapshot<unknown> | null | undefined;
  /** The values of the `:name` segments of the machine's step paths. */
  params?: (snapshot: SnapshotFrom<TMachine>) => PathParams;
  /** Sent once after a restore, instead of `flow.resumed`. */
  resumeEvent?: EventFrom<TMachine>;
  /** Moments that make the wizard reload its data from the server (`flow.refresh`). */
  refreshOn?: ReadonlyArray<'language' | 'pageshow'>;
}

interface Start {
  snapshot: Snapshot<unknown> | undefined;
  /** The user key the snapshot was found under (another one than ours after a takeover). */
  from: string | null;
}

const findStart = <TMachine extends AnyStateMachine>(machine: TMachine, options: WizardOptions<TMachine>, location: string): Start => {
  if (options.persist === false) return { snapshot: undefined, from: null };
  const users = options.takeover && options.user !== GUEST ? [options.user, GUEST] : [options.user];
  for (const user of users) {
    const stored = loadPersisted(machine, storeOf(options, user));
    if (stored && (options.resumes?.(stored, location) ?? true)) return { snapshot: stored, from: user };
  }
  return { snapshot: undefined, from: null };
};

const noParams = () => ({});

/** Runs `machine` as a wizard: see the file's header. The machine should already be `provide`d with its real actors. */
export function useWizard<TMachine extends AnyStateMachine>(machine: TMachine, options: WizardOptions<TMachine>) {
  const [location] = useLocation();
  const { i18n } = useTranslation();
  const mine = storeOf(options, options.user);
  // Chosen once per mount (the page remounts the wizard per user); later URL changes are steps.
  const start = useMemo(() => findStart(machine, options, location), [machine, options.flow, options.user]); // eslint-disable-line react-hooks/exhaustive-deps -- the URL at mount decides
  const actor = useActorRef(machine, (start.snapshot ? { snapshot: start.snapshot, input: options.input } : { input: options.input }) as never);

  // Persist (throttled) and clear when done. A visitor's snapshot taken over now lives under this user.
  // The options of the first render serve the actor's life: the page remounts the wizard per user.
  useEffect(() => {
    if (start.from !== null && start.from !== options.user) clearPersisted(storeOf(options, start.from));
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
      if (options.persist === false) return;
      const key = mine;
      if ((snapshot as Snapshot<unknown>).status !== 'active') return clearPersisted(key);
      const persisted = actor.getPersistedSnapshot() as Snapshot<unknown> & { context: unknown };
      const kept = options.select ? options.select(persisted, snapshot) : persisted;
      if (kept) savePersisted(machine, kept, key);
      else if (kept === null) clearPersisted(key);
    };
    const flush = () => {
      if (timer === null) return;
      clearTimeout(timer);
      write();
    };
    const subscription = actor.subscribe((snapshot) => {
      // Leaving the flow is written at once: nothing may resume a finished or cleared wizard.
      if ((snapshot as Snapshot<unknown>).status !== 'active') {
        if (timer !== null) clearTimeout(timer);
        return write();
      }
      timer ??= setTimeout(write, PERSIST_EVERY_MS);
    });
    const navigation = actor.on('flow.navigate', (event: FlowNavigate) => {
      flush();
      performNavigate(event);
    });
    window.addEventListener('pagehide', flush);
    return () => {
      subscription.unsubscribe();
      navigation.unsubscribe();
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps -- one subscription per actor

  useUrlSync(actor, options.params ?? noParams);

  // After the URL sync, so a restored step is where the URL says before it reloads.
  const resumed = useRef(false);
  useEffect(() => {
    if (!start.snapshot || resumed.current) return;
    resumed.current = true;
    actor.send((options.resumeEvent ?? FLOW_RESUMED) as EventFrom<TMachine>);
  }, [actor]); // eslint-disable-line react-hooks/exhaustive-deps -- once per actor

  const refreshOn = options.refreshOn ?? [];
  const onLanguage = refreshOn.includes('language');
  const language = useRef(i18n.language);
  useEffect(() => {
    if (!onLanguage || language.current === i18n.language) return;
    language.current = i18n.language;
    actor.send(FLOW_REFRESH as EventFrom<TMachine>);
  }, [actor, i18n.language, onLanguage]);

  const onPageShow = refreshOn.includes('pageshow');
  useEffect(() => {
    if (!onPageShow) return;
    // Back from another site into a page the browser kept: it still shows what it showed on leaving.
    const listener = (event: PageTransitionEvent) => {
      if (event.persisted) actor.send(FLOW_REFRESH as EventFrom<TMachine>);
    };
    window.addEventListener('pageshow', listener);
    return () => window.removeEventListener('pageshow', listener);
  }, [actor, onPageShow]);

  return actor;
}
