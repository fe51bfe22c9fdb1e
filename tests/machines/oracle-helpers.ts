/**
 * Small reference functions the models' oracles share (path-kit.ts, `Oracle`). They restate what the
 * machines must do with the contract's types, without importing anything from machines/.
 */
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import type { StateValue } from 'xstate';
import type { FieldErrors, Message } from '../../contract/validation.ts';

/** The message a failed call shows: the API's own, anything else (a network failure) the generic one. */
export const shownMessage = (error: unknown): Message => (error instanceof ApiError ? error.body : { key: errorKeys.generic });

/** The field errors a failed call shows: a rejected body's, none for anything else. */
export const shownFields = (error: unknown): FieldErrors => (error instanceof ApiError ? error.fields : {});

/** Field errors without the ones of `fields` (the user changed those fields). */
export const without = (errors: FieldErrors, ...fields: string[]): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => !fields.includes(key)));

/** An API error with this status. */
export const hasStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status;

/**
 * The state value `value` with the region at the dotted `region` path in state `state` (the other
 * regions as they were): `withRegion({ ready: { a: 'x', b: 'y' } }, 'ready.b', 'z')` is
 * `{ ready: { a: 'x', b: 'z' } }`.
 */
export const withRegion = (value: StateValue, region: string, state: StateValue): StateValue => {
  const [head, ...rest] = region.split('.');
  if (head === undefined) return state;
  const parent = typeof value === 'object' ? value : {};
  return { ...parent, [head]: rest.length > 0 ? withRegion(parent[head] ?? {}, rest.join('.'), state) : state };
};

/**
 * A snapshot's state as a dotted path, for views' oracles written as tables of states:
 * `'signed'`, `{ contract: 'loading' }` → `'contract.loading'`, `{ request: { opening: 'failed' } }` →
 * `'request.opening.failed'` (machines without parallel regions).
 */
export const statePath = (value: StateValue): string => {
  if (typeof value === 'string') return value;
  const [name, inner] = Object.entries(value)[0] ?? ['', ''];
  return inner === undefined ? name : `${name}.${statePath(inner)}`;
};
