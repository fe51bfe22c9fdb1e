/**
 * URL <-> state, the React half. Machine -> URL: after each transition the current step's path is
 * pushed (replaced for in-between states and corrections). URL -> machine: a location that differs
 * from the machine's (deep link, back, forward) becomes `xstate.route` to that step (with the
 * location's parameters); when the step's guard refuses, the URL is corrected to where the machine
 * is (the first incomplete step). A step's query parameters (`meta.query`) are part of its address.
 */
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { useLocation, useSearch } from 'wouter';
import { atAddress, currentStepPath, routeEventFor, stepForLocation, type PathParams } from './route-states';

export function useUrlSync<TSnapshot extends AnyMachineSnapshot>(
  actor: AnyActorRef & { getSnapshot: () => TSnapshot; logic: unknown },
  paramsOf: (snapshot: TSnapshot) => PathParams,
) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const target = useSelector(actor, (snapshot: TSnapshot) => currentStepPath(snapshot, paramsOf(snapshot)), (a, b) => a?.path === b?.path && a?.replace === b?.replace);
  const synced = useRef(false);

  // URL -> machine: runs when the location changes (including the first render).
  useEffect(() => {
    const before = currentStepPath(actor.getSnapshot(), paramsOf(actor.getSnapshot()));
    if (before && atAddress(before.path, location, search)) return;
    const step = stepForLocation(actor.logic as AnyStateMachine, location, search);
    if (step) actor.send(routeEventFor(step, location, search));
    const after = currentStepPath(actor.getSnapshot(), paramsOf(actor.getSnapshot()));
    if (after && !atAddress(after.path, location, search)) navigate(after.path, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new location is a URL -> machine event; the actor and paramsOf are read fresh
  }, [location, search]);

  // Machine -> URL: runs when the machine moves to a step with another path.
  useEffect(() => {
    if (!target) return;
    // A URL -> machine route in the same commit (a restored wizard opened at another step's URL) has
    // already moved the machine: this render's target is stale, and pushing it would bounce between
    // the two steps forever. The render for the new target runs this again.
    const now = currentStepPath(actor.getSnapshot(), paramsOf(actor.getSnapshot()));
    if (now && now.path !== target.path) return;
    if (atAddress(target.path, window.location.pathname, window.location.search)) {
      synced.current = true;
      return;
    }
    navigate(target.path, { replace: target.replace || !synced.current });
    synced.current = true;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new target path is a machine -> URL move
  }, [target?.path]);
}
