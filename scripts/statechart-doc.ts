/**
 * A machine's documentation page, generated from its definition: a Mermaid `stateDiagram-v2`
 * (nested and parallel states, event labels, guards in brackets, invokes in the state's title)
 * and tables of its states and transitions. Used by `npm run statecharts`.
 *
 * Mermaid cannot draw an edge between states inside two different composite states, so such an
 * edge is drawn between their ancestors that share a parent, and the label names the real ends
 * ("from loadingProfile", "to submitting").
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { actionLabel, machineStateNodes, machineTransitions, type TransitionInfo } from '../tests/machines/path-kit.ts';

const RESERVED = new Set(['state', 'note', 'end', 'direction', 'class', 'classDef', 'click', 'style', 'as']);

/** A Mermaid-safe, unique id: the node's path joined by `_`. */
const mermaidId = (node: AnyStateNode): string => {
  const id = (node.path.length ? node.path : [node.id]).join('_').replace(/[^A-Za-z0-9_]/g, '_');
  return RESERVED.has(id) ? `${id}_` : id;
};

/** Mermaid ends a label at `:` or `;` and a state title at `"`. */
const safe = (text: string) => text.replace(/[:;"]/g, ' ').replace(/\s+/g, ' ').trim();

const invokeIds = (node: AnyStateNode) => node.invoke.map((invoke) => invoke.id);

const stateTitle = (node: AnyStateNode) => {
  const invokes = invokeIds(node);
  return safe(`${node.key}${invokes.length ? ` (invoke ${invokes.join(', ')})` : ''}`);
};

/** `login.submit`, `always`, `verifyToken done`, `login error`, `after 1000ms`. */
export const eventLabel = (eventType: string): string => {
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[2] ?? ''} ${actor[1] ?? ''}`;
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delayed) return `after ${delayed[1] ?? ''}${/^\d+$/.test(delayed[1] ?? '') ? 'ms' : ''}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
};

const ancestors = (node: AnyStateNode): AnyStateNode[] => {
  const chain: AnyStateNode[] = [];
  for (let current: AnyStateNode | undefined = node; current; current = current.parent) chain.unshift(current);
  return chain;
};

/** The deepest node that properly contains both (for a self-loop: the node's parent). */
const container = (source: AnyStateNode, target: AnyStateNode): AnyStateNode => {
  const a = ancestors(source).slice(0, -1);
  const b = new Set(ancestors(target).slice(0, -1));
  return [...a].reverse().find((node) => b.has(node)) ?? source.machine.root;
};

/** The child of `parent` on the way down to `node`. */
const childTowards = (parent: AnyStateNode, node: AnyStateNode): AnyStateNode =>
  ancestors(node).find((item) => item.parent === parent) ?? node;

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

const edgesOf = (info: TransitionInfo): Array<{ within: AnyStateNode; edge: Edge }> => {
  const machine = info.source.machine;
  const targets = info.targets.length ? info.targets.map((id) => machine.getStateNodeById(id)) : [info.source];
  return targets.map((target) => {
    const within = container(info.source, target);
    const from = childTowards(within, info.source);
    const to = childTowards(within, target);
    const notes = [
      from !== info.source ? `from ${info.source.key}` : '',
      to !== target ? `to ${target.key}` : '',
      info.targets.length === 0 ? 'no target' : '',
      info.reenter ? 'reenter' : '',
    ].filter(Boolean);
    const label = `${eventLabel(info.eventType)}${info.guard ? ` [${info.guard}]` : ''}${
      notes.length ? ` (${notes.join(', ')})` : ''
    }`;
    return { within, edge: { from, to, label: safe(label) } };
  });
};

/** The Mermaid `stateDiagram-v2` source of the machine. */
export const mermaidDiagram = (machine: AnyStateMachine): string => {
  const edgesWithin = new Map<AnyStateNode, Edge[]>();
  for (const info of machineTransitions(machine)) {
    for (const { within, edge } of edgesOf(info)) edgesWithin.set(within, [...(edgesWithin.get(within) ?? []), edge]);
  }
  const lines: string[] = ['stateDiagram-v2'];
  const emit = (depth: number, text: string) => lines.push(`${'  '.repeat(depth)}${text}`);

  const body = (node: AnyStateNode, depth: number) => {
    const children = Object.values(node.states) as AnyStateNode[];
    if (node.type === 'parallel') {
      children.forEach((child, index) => {
        if (index > 0) emit(depth, '--');
        declare(child, depth);
      });
    } else {
      const initial = node.initial?.target?.[0];
      if (initial) emit(depth, `[*] --> ${mermaidId(initial)}`);
      for (const child of children) declare(child, depth);
    }
    for (const edge of edgesWithin.get(node) ?? []) {
      emit(depth, `${mermaidId(edge.from)} --> ${mermaidId(edge.to)} : ${edge.label}`);
    }
  };

  const declare = (node: AnyStateNode, depth: number) => {
    const hasChildren = Object.keys(node.states).length > 0;
    if (!hasChildren) {
      emit(depth, `state "${stateTitle(node)}" as ${mermaidId(node)}`);
      if (node.type === 'final') emit(depth, `${mermaidId(node)} --> [*]`);
      return;
    }
    emit(depth, `state "${stateTitle(node)}" as ${mermaidId(node)} {`);
    body(node, depth + 1);
    emit(depth, '}');
  };

  const root = machine.root;
  if (root.type === 'parallel' || root.invoke.length > 0) {
    // Regions need a composite to sit in; so does an invoke on the root.
    emit(1, `[*] --> ${mermaidId(root)}`);
    declare(root, 1);
  } else {
    body(root, 1);
  }
  return lines.join('\n');
};

const cell = (text: string) => text.replace(/\|/g, '\\|') || '–';
const code = (text: string) => (text ? `\`${text}\`` : '');

const kindOf = (node: AnyStateNode): string => {
  const initial = node.parent?.type === 'compound' && node.parent.initial?.target?.[0] === node ? 'initial ' : '';
  const transient = node.always?.length && node.transitions.size === 0 ? ', passes through (`always`)' : '';
  return `${initial}${node.type}${transient}`;
};

/** The markdown page of one machine. */
export const statechartMarkdown = (name: string, machine: AnyStateMachine, source: string): string => {
  const nodes = machineStateNodes(machine);
  const transitions = machineTransitions(machine);
  const stateRows = nodes.map((node) => {
    const meta = node.meta ? Object.entries(node.meta).map(([key, value]) => `${key}: ${JSON.stringify(value)}`) : [];
    const notes = [...(node.description ? [node.description] : []), ...meta].join('; ');
    return `| ${code(node.path.join('.'))} | ${kindOf(node)} | ${cell(invokeIds(node).map(code).join(', '))} | ${cell(
      [...node.entry, ...node.exit].length
        ? [...node.entry.map((a) => `entry ${actionLabel(a)}`), ...node.exit.map((a) => `exit ${actionLabel(a)}`)].join(', ')
        : '',
    )} | ${cell(notes)} |`;
  });
  const relative = (id: string) => id.split('.').slice(1).join('.') || id;
  const transitionRows = transitions.map(
    (info) =>
      `| ${code(relative(info.source.id))} | ${code(info.eventType)} | ${cell(info.guard ? code(info.guard) : '')} | ${cell(
        info.targets.length ? info.targets.map((id) => code(relative(id))).join(', ') : 'no target',
      )} | ${cell(info.actions.map(code).join(', '))} |`,
  );
  return [
    `# ${name}`,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${source}; do not edit by hand. -->`,
    '',
    `Machine \`${machine.id}\` in [${source}](../../${source}). Its test paths: \`npm run paths -- ${name}\`.`,
    '',
    '```mermaid',
    mermaidDiagram(machine),
    '```',
    '',
    `## States (${nodes.length})`,
    '',
    '| State | Kind | Invokes | Entry / exit | Notes |',
    '| --- | --- | --- | --- | --- |',
    ...stateRows,
    '',
    `## Events and transitions (${transitions.length})`,
    '',
    'One row per configured transition, in document order; guarded branches are tried top to bottom.',
    '',
    '| From | Event | Guard | To | Actions |',
    '| --- | --- | --- | --- | --- |',
    ...transitionRows,
    '',
  ].join('\n');
};

/** The index page of docs/statecharts/. */
export const statechartIndex = (
  entries: ReadonlyArray<{ name: string; machine: AnyStateMachine; source: string }>,
): string =>
  [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts`; do not edit by hand. -->',
    '',
    'One page per machine, generated from its definition. Regenerate with `npm run statecharts` after',
    'changing a machine; list a machine\'s test paths with `npm run paths -- <name>`.',
    '',
    '| Machine | Source | States | Transitions |',
    '| --- | --- | --- | --- |',
    ...entries.map(
      ({ name, machine, source }) =>
        `| [${name}](${name}.md) | ${code(source)} | ${machineStateNodes(machine).length} | ${machineTransitions(machine).length} |`,
    ),
    '',
  ].join('\n');
