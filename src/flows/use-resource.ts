import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '../../machines/resource.machine';
import type { Message } from '../../contract/validation';

export interface ResourceView<T> {
  status: 'loading' | 'ready' | 'failed';
  data: T | undefined;
  error: Message | null;
  retry: () => void;
}

/**
 * Loads server data for a page through the resource machine; a change of `reloadKey` (e.g. the
 * language) reloads it while the old data stays on screen.
 */
export function useResource<T>(load: () => Promise<T>, reloadKey?: unknown): ResourceView<T> {
  const machine = useMemo(() => resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(() => load()) } }), [load]);
  const actor = useActorRef(machine);
  const firstKey = useRef(reloadKey);
  useEffect(() => {
    if (firstKey.current === reloadKey) return;
    firstKey.current = reloadKey;
    actor.send({ type: 'resource.reload' });
  }, [actor, reloadKey]);
  const status = useSelector(actor, (snapshot) => snapshot.value as ResourceView<T>['status']);
  const data = useSelector(actor, (snapshot) => snapshot.context.data as T | undefined);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return { status, data, error, retry: () => actor.send({ type: 'resource.retry' }) };
}
