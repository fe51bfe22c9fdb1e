/**
 * URL <-> state, the pure half: a wizard step is a state with an `id`, `meta.path` (a pattern such as
 * '/insurance/buy/:id/:productId/contract/') and `route` (xstate's routable states). These functions
 * find the path the machine is at and the step a location names; `useUrlSync` drives them.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { fillPattern, matchPattern, samePath } from '../../contract/paths';

export { samePath };

export interface StepMeta {
  /** The step's URL pattern; `:name` segments are filled from the flow's params. */
  path?: string;
  /** Set on in-between states (redirects, waits) so they replace the history entry instead of adding one. */
  replace?: boolean;
}

export type PathParams = Record<string, string | number | null | undefined>;

const metaOf = (node: AnyStateNode): StepMeta | undefined => node.meta as StepMeta | undefined;

const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap(allNodes)];

/** Every routable step of a machine: a state with an id of its own, `route` and `meta.path`. */
export const routableSteps = (machine: AnyStateMachine) =>
  allNodes(machine.root).filter((node) => node.config.route !== undefined && node.config.id !== undefined && metaOf(node)?.path);

/** The routable step a location names, if any. */
export const stepForLocation = (machine: AnyStateMachine, location: string) =>
  routableSteps(machine).find((node) => matchPattern(metaOf(node)?.path ?? '', location) !== null);

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
    if (path && (!best || node.path.length > best.depth)) best = { depth: node.path.length, path, replace: false };
  }
  return best ? { path: best.path, replace } : null;
};
