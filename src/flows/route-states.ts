/**
 * URL <-> state, the pure half: a wizard step is a state with an `id`, `meta.path` (a pattern such as
 * '/insurance/buy/:id/:productId/contract/') and `route` (xstate's routable states). These functions
 * find the path the machine is at and the step a location names; `useUrlSync` drives them. A step may
 * also carry parameters in the query (`meta.query`, e.g. the /fee flow's `?access=`): they are part of
 * its address, and a route to it brings them along (`xstate.route` with `params`).
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { fillPattern, matchPattern, samePath } from '../../contract/paths';
import type { FlowRoute } from '../../machines/flow';

export { samePath };

export interface StepMeta {
  /** The step's URL pattern; `:name` segments are filled from the flow's params. */
  path?: string;
  /** Set on in-between states (redirects, waits) so they replace the history entry instead of adding one. */
  replace?: boolean;
  /** Parameters written in the query (`?name=value`), filled from the flow's params like `:name`; a step that names some needs them in the location to be routed to. */
  query?: readonly string[];
}



export type PathParams = Record<string, string | number | null | undefined>;

const metaOf = (node: AnyStateNode): StepMeta | undefined => node.meta as StepMeta | undefined;

const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];

/** Every routable step of a machine: a state with an id of its own, `route` and `meta.path`. */
export const routableSteps = (machine: AnyStateMachine) =>
  allNodes(machine.root).filter((node) => node.config.route !== undefined && node.config.id !== undefined && metaOf(node)?.path);

const queryOf = (search: string) => new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);

/** The parameters a step reads from a location, or null when the location is not that step (another path, a query parameter missing). */
const paramsAt = (node: AnyStateNode, location: string, search: string): Record<string, string> | null => {
  const meta = metaOf(node);
  const params = matchPattern(meta?.path ?? '', location);
  if (!params) return null;
  const query = queryOf(search);
  for (const name of meta?.query ?? []) {
    const value = query.get(name)?.trim();
    if (!value) return null;
    params[name] = value;
  }
  return params;
};

/** The routable step a location names, if any: of steps on the same path, the one whose query parameters are all there and most. */
export const stepForLocation = (machine: AnyStateMachine, location: string, search = '') =>
  routableSteps(machine)
    .filter((node) => paramsAt(node, location, search) !== null)
    .sort((a, b) => (metaOf(b)?.query?.length ?? 0) - (metaOf(a)?.query?.length ?? 0))[0];

/** The event that routes the machine to `step` at this location. */
export const routeEventFor = (step: AnyStateNode, location: string, search = ''): FlowRoute => ({
  type: 'xstate.route',
  to: `#${step.config.id ?? ''}`,
  params: paramsAt(step, location, search) ?? {},
});

/** The query string of a step's address ('' when it names none or none is known). */
const queryString = (meta: StepMeta, params: PathParams) => {
  const entries = (meta.query ?? []).flatMap((name) => {
    const value = params[name];
    return value === undefined || value === null || value === '' ? [] : [[name, String(value)]];
  });
  return entries.length ? `?${new URLSearchParams(entries).toString()}` : '';
};

/**
 * Whether the browser is at a step's address: the same path (trailing slash aside) and, when the
 * address has a query, the same query. A step without one ignores the location's (a wizard does not
 * own other query parameters).
 */
export const atAddress = (address: string, location: string, search = '') => {
  const [path = '', query] = address.split('?');
  if (!samePath(path, location)) return false;
  return query === undefined || queryOf(query).toString() === queryOf(search).toString();
};

/** The path of the deepest active state that has one, filled from `params`, and whether it replaces. */
export const currentStepPath = (snapshot: AnyMachineSnapshot, params: PathParams): { path: string; replace: boolean } | null => {
  const machine = snapshot.machine as AnyStateMachine;
  let best: { depth: number; path: string; replace: boolean } | null = null;
  let replace = false;
  for (const id of Object.keys(snapshot.getMeta())) {
    const node = machine.getStateNodeById(id);
    const meta = metaOf(node);
    if (meta?.replace) replace = true;
    if (!meta?.path) continue;
    const path = fillPattern(meta.path, params);
    if (path && (!best || node.path.length > best.depth)) best = { depth: node.path.length, path: `${path}${queryString(meta, params)}`, replace: false };
  }
  return best ? { path: best.path, replace } : null;
};
