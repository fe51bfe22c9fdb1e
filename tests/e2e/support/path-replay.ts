/**
 * Model-based testing in the browser, the way xstate's `createTestModel` examples do it: the paths
 * that `npm run paths` generates for a machine (tests/machines/<name>.model.ts) are replayed in
 * Chromium through the real pages, against the real server.
 *
 * A machine brings a plan, `tests/e2e/support/replays/<machine>.paths.ts` (`ReplayPlan`, ./replay-plan.ts:
 * which paths run, which events and actor results the browser produces and which steps it cannot;
 * the coverage map reads the same plan), and one `MachineReplay` map in its test file:
 * - `start`: what the path's input needs (a session, arranged data) and the flow's first URL;
 * - `events`: per event type of the plan, what the user does in the page (`step.next` → press "Continue");
 * - `actors`: per invoked actor of the plan, the API requests it makes. Every such request is held by a playwright
 *   route until the path settles the actor, like the promise stubs of the machine tests: a
 *   "resolves" step lets the held request go on to the server (after `arrange` made the server able
 *   to answer what the model says), a "rejects" step answers it with the model's error instead
 *   (`ApiError` → its status and error body; any other error → a network failure). A child machine
 *   the user drives (a code step) is `settle`d by doing what produces its result;
 * - `states`: per state (dotted path, every matching entry runs), what the page shows there;
 * - `params`: the flow's ids, which fill the state's `meta.path` into the URL expected at each step
 *   (a state without one keeps the URL the step before had; `urls` for states that leave the flow).
 *
 * After every step the URL and the state's checks must hold, and every invoked actor of the state
 * that makes requests must have its request waiting. Which paths run is decided by the generator:
 * the shortest path to every vertex (`shortestPathsFor`), or, for a graph too large for the time
 * budget, the first replayable one per target state (`select: 'state'`, or a key of the target
 * snapshot), topped up with the paths that take the most transitions still untaken (`topUp`). A path
 * with a step the browser cannot produce is not dropped silently: it is listed as a skipped test with
 * the reason. A chosen path that another chosen path starts with is replayed on that one's way (its
 * number in the longer test's name), not in a page of its own: the same steps, the same checks after
 * each (`foldPrefixes`). Each path gets a new page in the file's one shared browser context.
 */
import type { Page, Request, Route } from 'playwright-core';
import { describe, it } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import { ApiError } from '../../../contract/api-error';
import { fillPattern } from '../../../contract/paths';
import { formatPath } from '../../machines/path-format';
import { actorResultOf, coverage, type MachinePath } from '../../machines/path-kit';
import { useBrowserTests, type BrowserTests, type PageOptions, type ProblemKind } from './harness';
import { UiLanguage } from './pages/ui-language';
import type { Language } from './texts';
import {
  describeEvent,
  eventKeyOf,
  plannedSteps,
  routeTarget,
  selectPaths,
  stateValueOf,
  targetOf,
  type PlannedStep,
  type ReplayPlan,
  type Selection,
} from './replay-plan';
import { expectPath, pathOf, WAIT_MS } from './ui';

export { routeTarget, routeToShownStep, type Cannot, type PlannedStep } from './replay-plan';

export type PathParams = Record<string, string | number | null | undefined>;

/** A step while it is replayed: the page, the held requests and the machine's own replay state. */
export interface ReplayContext<W> extends PlannedStep {
  e2e: BrowserTests;
  page: Page;
  ui: UiLanguage;
  gate: RequestGate;
  world: W;
}

/** What the user (or the browser) does for an event of the plan. */
export type EventRun<W> = (context: ReplayContext<W>, event: AnyEventObject) => Promise<void>;

/** A held request's answer once it went on to the server. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  body: unknown;
}

export interface ActorBinding<W> {
  /** The API requests the actor makes; they wait until the path settles the actor. */
  requests?: (request: Request) => boolean;
  /**
   * For an actor whose result comes from what the user does inside it (an invoked child machine,
   * such as a code step): does that, instead of holding requests.
   */
  settle?: (context: ReplayContext<W>, event: AnyEventObject) => Promise<void>;
  /** The request a rejection answers (default: every request of the actor); the others go on. */
  failing?: (request: Request) => boolean;
  /** Before a "resolves" step lets the request go on: make the server answer what the model's output says. */
  arrange?: (context: ReplayContext<W>, output: unknown) => Promise<void>;
  /** What the server answered, for the ids later steps need. */
  answered?: (context: ReplayContext<W>, answers: Answer[]) => void;
}

/**
 * A machine's browser replay: its plan (tests/e2e/support/replays/<machine>.paths.ts: which paths
 * run, what the browser cannot produce) and, for every event and actor the plan names, what happens
 * in the page. The types hold `events` and `actors` to exactly the plan's names.
 */
export interface MachineReplay<W, P extends ReplayPlan = ReplayPlan> {
  plan: P;
  /** The language the pages are shown and read in (default 'en'). */
  language?: Language;
  /** A fresh replay state for a path (ids learned on the way, what was arranged). */
  world: (path: MachinePath) => W;
  /** How the browser starts (signed in, local storage). */
  page?: (e2e: BrowserTests, path: MachinePath) => Omit<PageOptions, 'width' | 'height'> | Promise<Omit<PageOptions, 'width' | 'height'>>;
  /** Step 0: arrange what the input needs and open the flow's first URL. Requests are already held. */
  start: (context: ReplayContext<W>) => Promise<void>;
  /** The ids that fill `meta.path` (e.g. `{ id, productId }`). */
  params: (context: ReplayContext<W>) => PathParams;
  /** Per event type of the plan: what the user does (an event the plan says the browser never makes: nothing to do). */
  events: { readonly [K in keyof P['events']]: P['events'][K] extends string ? undefined | EventRun<W> : EventRun<W> };
  actors: { readonly [K in keyof P['actors']]: ActorBinding<W> };
  /** Per state (dotted path such as 'plan.quote.ready'; every entry the state matches runs). */
  states: Readonly<Record<string, (context: ReplayContext<W>) => Promise<void>>>;
  /** URLs for states the browser leaves the flow's pages in (e.g. a hand-off to a provider). */
  urls?: Readonly<Record<string, (context: ReplayContext<W>) => string | RegExp>>;
}

// ---------------------------------------------------------------------------------------------
// Held requests
// ---------------------------------------------------------------------------------------------

type Mode = { kind: 'hold' } | { kind: 'pass' } | { kind: 'fail'; error: unknown; failing: (request: Request) => boolean };

interface Held {
  route: Route;
  request: Request;
}

const ignore = () => {};

/**
 * The actors' API requests, held by a playwright route until the path says how each actor settles.
 * Requests of no actor go straight on.
 */
export class RequestGate {
  private readonly held = new Map<string, Held[]>();
  private readonly modes = new Map<string, Mode>();

  constructor(
    private readonly page: Page,
    private readonly actors: Readonly<Record<string, Pick<ActorBinding<unknown>, 'requests' | 'failing'>>>,
    private readonly expectProblem: (pattern: RegExp, kind?: ProblemKind) => void,
  ) {}

  async install() {
    this.page.on('requestfailed', (request) => {
      for (const [id, list] of this.held) this.held.set(id, list.filter((entry) => entry.request !== request));
    });
    await this.page.route('**/api/**', (route, request) => this.onRequest(route, request));
  }

  private actorOf(request: Request): string | undefined {
    return Object.entries(this.actors).find(([, binding]) => binding.requests?.(request))?.[0];
  }

  private onRequest(route: Route, request: Request) {
    const id = this.actorOf(request);
    if (id === undefined) return route.continue().catch(ignore);
    const mode = this.modes.get(id) ?? { kind: 'hold' };
    if (mode.kind === 'pass') return this.letThrough({ route, request });
    if (mode.kind === 'fail') return mode.failing(request) ? this.answerWith({ route, request }, mode.error) : this.letThrough({ route, request });
    this.held.set(id, [...(this.held.get(id) ?? []), { route, request }]);
    return undefined;
  }

  /** A user action starts new invocations: from now on every actor's requests wait again. */
  holdAll() {
    this.modes.clear();
  }

  /** The requests of `id` waiting right now. */
  waiting(id: string, which?: (request: Request) => boolean): Request[] {
    return (this.held.get(id) ?? []).map((entry) => entry.request).filter((request) => !which || which(request));
  }

  /** The held requests, for a failure report: `loadApplication: GET /api/applications/…/`. */
  describeHeld(): string {
    return [...this.held]
      .flatMap(([id, list]) => list.map(({ request }) => `${id}: ${request.method()} ${new URL(request.url()).pathname}`))
      .join(', ');
  }

  /** Waits until the app asked for `id` (a request of it is held). */
  async waitFor(id: string, which?: (request: Request) => boolean, timeout = WAIT_MS) {
    const until = Date.now() + timeout;
    while (this.waiting(id, which).length === 0) {
      if (Date.now() > until) throw new Error(`the app never asked the server for \`${id}\` (no request held within ${timeout} ms)`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private take(id: string): Held[] {
    const list = this.held.get(id) ?? [];
    this.held.set(id, []);
    return list;
  }

  private letThrough({ route, request }: Held): Promise<Answer> {
    const answer = (async (): Promise<Answer> => {
      await route.continue();
      const response = await request.response();
      const text = response ? await response.text().catch(() => '') : '';
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { method: request.method(), url: request.url(), status: response?.status() ?? 0, body };
    })();
    return answer.catch(() => ({ method: request.method(), url: request.url(), status: 0, body: null }));
  }

  private async answerWith({ route }: Held, error: unknown) {
    // An ApiError of status 0 is the client's own name for a request that never got an answer.
    if (error instanceof ApiError && error.status > 0) {
      this.expectProblem(new RegExp(`status of ${error.status}\\b`), 'console error');
      const fields = Object.keys(error.fields).length > 0 ? { fields: error.fields } : {};
      await route
        .fulfill({ status: error.status, contentType: 'application/json', body: JSON.stringify({ message: error.body, ...fields }) })
        .catch(ignore);
    } else {
      this.expectProblem(/ERR_FAILED|Failed to fetch/, 'console error');
      await route.abort('failed').catch(ignore);
    }
  }

  /** "`id` resolves": its held requests go on to the server (and later ones of this invocation too). */
  async pass(id: string): Promise<Answer[]> {
    await this.waitFor(id);
    this.modes.set(id, { kind: 'pass' });
    return Promise.all(this.take(id).map((held) => this.letThrough(held)));
  }

  /** "`id` rejects with `error`": the failing request is answered with it, the others go on. */
  async fail(id: string, error: unknown) {
    const failing = this.actors[id]?.failing ?? (() => true);
    await this.waitFor(id, failing);
    this.modes.set(id, { kind: 'fail', error, failing });
    await Promise.all(this.take(id).map((held) => (failing(held.request) ? this.answerWith(held, error) : this.letThrough(held))));
  }
}

// ---------------------------------------------------------------------------------------------
// Paths and which of them run
// ---------------------------------------------------------------------------------------------
// ---------------------------------------------------------------------------------------------
// Replaying one path
// ---------------------------------------------------------------------------------------------

const matching = <T>(table: Readonly<Record<string, T>>, snapshot: AnyMachineSnapshot): T[] =>
  Object.entries(table)
    .filter(([state]) => snapshot.matches(stateValueOf(state)))
    .map(([, value]) => value);

/** The deepest active state's `meta.path`, filled with the flow's ids; null when no active state has one. */
export const metaPathOf = (snapshot: AnyMachineSnapshot, params: PathParams): string | null => {
  let best: { depth: number; path: string } | null = null;
  for (const [id, meta] of Object.entries(snapshot.getMeta() as Record<string, { path?: string } | undefined>)) {
    if (!meta?.path) continue;
    const node: AnyStateNode = snapshot.machine.getStateNodeById(id);
    const path = fillPattern(meta.path, params);
    if (path && (!best || node.path.length > best.depth)) best = { depth: node.path.length, path };
  }
  return best?.path ?? null;
};

/**
 * `xstate.route` as the browser makes it: a move through the history to the step's URL (what the
 * back and forward buttons do), which the app's URL sync turns into the event.
 */
export async function moveInHistoryTo<W>(context: ReplayContext<W>, params: PathParams) {
  const node = routeTarget(context.before, context.event);
  const pattern = (node.meta as { path?: string } | undefined)?.path;
  const url = pattern ? fillPattern(pattern, params) : null;
  if (!url) throw new Error(`${node.id} has no meta.path to move to`);
  await context.page.evaluate((target) => {
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

async function replayStep<W, P extends ReplayPlan>(replay: MachineReplay<W, P>, context: ReplayContext<W>) {
  const { event, gate } = context;
  if (context.index === 0) {
    await replay.start(context);
    return;
  }
  const result = actorResultOf(event);
  if (result) {
    const binding = (replay.actors as Readonly<Record<string, ActorBinding<W> | undefined>>)[result.id];
    if (!binding) throw new Error(`no API request is mapped for the actor \`${result.id}\``);
    if (binding.settle) {
      gate.holdAll();
      await binding.settle(context, event);
    } else if (!binding.requests) {
      throw new Error(`the actor \`${result.id}\` has neither requests nor a way to settle it`);
    } else if (result.kind === 'done') {
      await gate.waitFor(result.id);
      await binding.arrange?.(context, event.output);
      const answers = await gate.pass(result.id);
      binding.answered?.(context, answers);
    } else {
      await gate.fail(result.id, event.error);
    }
    return;
  }
  const key = eventKeyOf(replay.events, event.type);
  const run = key === undefined ? undefined : (replay.events as Readonly<Record<string, EventRun<W> | undefined>>)[key];
  if (!run) throw new Error(`no browser action is mapped for \`${event.type}\``);
  gate.holdAll();
  await run(context, event);
}

async function checkState<W, P extends ReplayPlan>(replay: MachineReplay<W, P>, context: ReplayContext<W>) {
  const checks = matching(replay.states, context.after);
  if (checks.length === 0) throw new Error(`no check is mapped for the state ${targetOf({ ...context.path, steps: [context.path.steps[context.index]!] })}`);
  for (const check of checks) await check(context);
  // Every invoked actor of the state that talks to the server has asked it.
  for (const id of Object.keys(context.after.children ?? {})) {
    if ((replay.actors as Readonly<Record<string, ActorBinding<W> | undefined>>)[id]?.requests) await context.gate.waitFor(id);
  }
}

/** What the page shows when a step fails: its address, the main content's text and the requests still held. */
async function pageReport(page: Page, gate: RequestGate): Promise<string> {
  const text = await page
    .getByRole('main')
    .first()
    .innerText({ timeout: 1000 })
    .catch(() => '(no main content)');
  const held = gate.describeHeld();
  return [`The page is at ${pathOf(page)} and shows:`, ...text.trim().split('\n').filter(Boolean).slice(0, 12).map((line) => `  | ${line.slice(0, 120)}`), `Requests held: ${held || 'none'}`].join('\n');
}

/** Replays one generated path in a new page; a failure names the step and prints the path up to it. */
export async function replayInBrowser<W, P extends ReplayPlan>(e2e: BrowserTests, replay: MachineReplay<W, P>, path: MachinePath) {
  const language = replay.language ?? 'en';
  const world = replay.world(path);
  const page = await e2e.openPageInSharedContext({ language, ...(await replay.page?.(e2e, path)) });
  const ui = new UiLanguage(page, language);
  const gate = new RequestGate(page, replay.actors as Readonly<Record<string, ActorBinding<W>>>, (pattern, kind) => e2e.expectProblem(pattern, kind));
  await gate.install();
  let expectedUrl: string | RegExp | null = null;
  for (const step of plannedSteps(path)) {
    const context: ReplayContext<W> = { ...step, e2e, page, ui, gate, world };
    try {
      await replayStep(replay, context);
      const override = matching(replay.urls ?? {}, step.after)[0];
      expectedUrl = override?.(context) ?? metaPathOf(step.after, replay.params(context)) ?? expectedUrl ?? pathOf(page);
      await expectPath(page, expectedUrl);
      await checkState(replay, context);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(
        `step ${step.index + 1} (${describeEvent(step.event, replay.plan.label)}) of the generated path: ${message}\n\n` +
          `${await pageReport(page, gate)}\n\n${formatPath(replay.plan.model, path, { title: 'Path', upTo: step.index })}`,
        { cause: error },
      );
    }
  }
}

/**
 * The file's suite: one server and one Chromium (the harness), one test per path the plan selects
 * (`selectPaths`, the same selection the coverage map reads), named by its description, the paths the
 * browser cannot replay listed as skipped with their reason.
 */
export function describeModelPaths<W, P extends ReplayPlan>(name: string, replay: MachineReplay<W, P>): { e2e: BrowserTests; selection: Selection } {
  const { plan } = replay;
  const e2e = useBrowserTests();
  const selection = selectPaths(plan);
  const chosen = selection.run.length + selection.folded;
  const how =
    plan.select === 'vertex'
      ? `${chosen} of ${selection.total} shortest paths (one per state vertex)`
      : `${chosen - selection.toppedUp} paths, one per ${plan.select === 'state' ? 'target state' : plan.select.description} (${selection.targets} of them among ${selection.total} shortest paths)${
          selection.toppedUp ? `, and ${selection.toppedUp} more for the transitions they add` : ''
        }`;
  const folded = selection.folded ? `, ${selection.folded} of them on the way of a longer one` : '';
  const covered = coverage(plan.model.machine, selection.run.map((entry) => entry.path));
  const share = ({ all, missing }: { all: string[]; missing: string[] }) => `${all.length - missing.length}/${all.length}`;
  describe(`${name}: generated paths replayed in the browser — ${how}${folded}; they take ${share(covered.states)} states, ${share(covered.transitions)} transitions`, () => {
    for (const entry of selection.run) {
      const on = entry.alsoReplays?.length ? ` (on the way: ${entry.alsoReplays.map((prefix) => `#${prefix.number}`).join(', ')})` : '';
      it(`#${entry.number} ${entry.title}${on}`, () => replayInBrowser(e2e, replay, entry.path));
    }
    for (const skipped of selection.filtered) {
      it.skip(`#${skipped.number} ${skipped.title} — not replayable: ${skipped.reason}`, () => {});
    }
  });
  return { e2e, selection };
}
