import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
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
 * language) reloads it while the old data stays on screen. `sent` gives the answer the page arrived
 * with, if any (src/api/page-data.ts): the machine then starts ready with it instead of loading.
 * A read that failed is tried again when the browser comes back online (issue 24).
 */
export function useResource<T>(load: () => Promise<T>, reloadKey?: unknown, sent?: () => T | undefined): ResourceView<T> {
  const machine = useMemo(() => resourceMachine.provide({ actors: { load: fromPromise<unknown, void>(() => load()) } }), [load]);
  const [initial] = useState(() => {
    const data = sent?.();
    return data === undefined ? undefined : machine.resolveState({ value: 'ready', context: { data, error: null } });
  });
  const actor = useActorRef(machine, initial ? { snapshot: initial } : {});
  const firstKey = useRef(reloadKey);
  useEffect(() => {
    if (firstKey.current === reloadKey) return;
    firstKey.current = reloadKey;
    actor.send({ type: 'resource.reload' });
  }, [actor, reloadKey]);
  useEffect(() => {
    const reconnected = () => {
      if (actor.getSnapshot().matches('failed')) actor.send({ type: 'resource.retry' });
    };
    window.addEventListener('online', reconnected);
    return () => window.removeEventListener('online', reconnected);
  }, [actor]);
  const status = useSelector(actor, (snapshot) => snapshot.value as ResourceView<T>['status']);
  const data = useSelector(actor, (snapshot) => snapshot.context.data as T | undefined);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  return { status, data, error, retry: () => actor.send({ type: 'resource.retry' }) };
}
