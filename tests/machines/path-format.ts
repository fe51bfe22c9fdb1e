/**
 * Paths as testers read them (`npm run paths -- <machine>`) and as tools read them (`--json`):
 * "2. send login.change {field: email, value: demo@example.com} → signedOut.idle".
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { actorResultOf, describeState, toJSONValue, type MachinePath, type PathModel, type PathStep } from './path-kit.ts';

const PLAIN = /^[\w@.+\-/:]+$/;

/** A compact, quote-light rendering of a payload: `{field: email, value: ""}`. */
export const formatValue = (value: unknown): string => {
  if (typeof value === 'string') return PLAIN.test(value) ? value : JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  if (value instanceof Error) {
    const status = 'status' in value ? `${String(value.status)} ` : '';
    return `${value.name}(${status}${value.message})`;
  }
  if (Array.isArray(value)) return `[${value.map(formatValue).join(', ')}]`;
  const entries = Object.entries(value).filter(([, item]) => item !== undefined);
  return `{${entries.map(([key, item]) => `${key}: ${formatValue(item)}`).join(', ')}}`;
};

/** `signedOut.idle`; parallel regions side by side: `banner.asking, policy.closed`. */
export const formatStateValue = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (value === null || typeof value !== 'object') return String(value);
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = formatStateValue(child);
      if (inner === '') return key;
      return typeof child === 'object' && child !== null && Object.keys(child).length > 1
        ? `${key}.{${inner}}`
        : `${key}.${inner}`;
    })
    .join(', ');
};

/** `start`, `send login.submit`, `login resolves {access: t}`, `loadSession rejects ApiError(401 …)`. */
export const formatEvent = (event: AnyEventObject): string => {
  if (event.type === 'xstate.init') return 'start';
  const result = actorResultOf(event);
  if (result) {
    return result.kind === 'done'
      ? `${result.id} resolves ${formatValue(event.output)}`
      : `${result.id} rejects ${formatValue(event.error)}`;
  }
  const delayed = /^xstate\.after\.([^.]+)\.(.+)$/.exec(event.type);
  if (delayed) return `wait ${delayed[1] ?? ''}${/^\d+$/.test(delayed[1] ?? '') ? 'ms' : ''} in ${delayed[2] ?? ''}`;
  const { type, ...payload } = event;
  return Object.keys(payload).length > 0 ? `send ${type} ${formatValue(payload)}` : `send ${type}`;
};

/** The state part of a step: value, then status and flags when there are any. */
export const formatState = (model: PathModel, snapshot: AnyMachineSnapshot): string => {
  const { value, status, flags } = describeState(model, snapshot);
  return [formatStateValue(value), status ? `[${status}]` : '', flags ? formatValue(flags) : '']
    .filter(Boolean)
    .join(' ');
};

export const formatStep = (model: PathModel, step: PathStep, index: number): string =>
  `${index + 1}. ${formatEvent(step.event)} → ${formatState(model, step.snapshot)}`;

/** A numbered, readable path; `upTo` marks the step where a replay stopped. */
export const formatPath = (
  model: PathModel,
  path: MachinePath,
  options: { title?: string; upTo?: number } = {},
): string => {
  const heading = [options.title, path.inputLabel ? `input: ${path.inputLabel}` : ''].filter(Boolean).join(' — ');
  const lines = path.steps.map(
    (step, index) => `  ${formatStep(model, step, index)}${index === options.upTo ? '   ← here' : ''}`,
  );
  return [heading, ...lines].filter(Boolean).join('\n');
};

/** One line naming a path, for test titles: `[stored token] start → verifyToken resolves {} → …`. */
export const pathTitle = (path: MachinePath): string =>
  `${path.inputLabel ? `[${path.inputLabel}] ` : ''}${path.steps.map((step) => formatEvent(step.event)).join(' → ')}`;

export interface PathJSON {
  id: number;
  input: unknown;
  inputLabel: string | null;
  steps: Array<{
    /** The event as sent (errors as `{error, message, …fields}`); `xstate.init` for the start. */
    event: unknown;
    description: string;
    state: { value: unknown; status?: string; flags?: unknown };
  }>;
}

/** The machine-readable form of a path: what browser tests and other tools consume. */
export const pathToJSON = (model: PathModel, path: MachinePath, id: number): PathJSON => ({
  id,
  input: toJSONValue(path.input ?? null),
  inputLabel: path.inputLabel ?? null,
  steps: path.steps.map((step) => ({
    event: toJSONValue(step.event),
    description: formatEvent(step.event),
    state: toJSONValue(describeState(model, step.snapshot)) as PathJSON['steps'][number]['state'],
  })),
});
