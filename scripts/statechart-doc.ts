/**
 * A machine's documentation page, generated from its definition: a Mermaid `stateDiagram-v2`
 * (nested and parallel states, event labels, guards in brackets, invokes in the state's title)
 * and tables of its states and transitions. Used by `npm run statecharts`.
 *
 * Mermaid cannot draw an edge between states inside two different composite states, so such an
 * edge is drawn between their ancestors that share a parent, and the label names the real ends
 * ("from loadingProfile", "to submitting").
 *
 * Given the machine's coverage map (tests/machines/coverage-map.ts), the chart is coloured by what
 * the tests reach: every state title and edge label starts with a coloured mark (blue: a browser
 * replay drives it, yellow: only the path tests reach it, red: nothing does), the states are filled
 * in that colour where Mermaid can fill them, and the tables say the same in words.
 */

/** The mark, the colour's name and the Mermaid class of each reach. */
export const REACH_STYLE: Readonly<Record<Reach, { mark: string; colour: string; className: string; classDef: string; words: string }>> = {
  browser: {
    mark: '🟦',
    colour: 'blue',
    className: 'browser',
    classDef: 'fill:#d6e6ff,stroke:#1f5fbf,color:#0b1f3a',
    words: 'a browser replay drives it through the real pages (and the path tests reach it)',
  },
  'path tests only': {
    mark: '🟨',
    colour: 'yellow',
    className: 'pathTestsOnly',
    classDef: 'fill:#fff1b8,stroke:#8a6a00,color:#2b2000',
    words: 'only the machine path tests reach it: no browser test drives it',
  },
  none: {
    mark: '🟥',
    colour: 'red',
    className: 'unreached',
    classDef: 'fill:#ffd9d6,stroke:#b3261e,color:#3a0b0b',
    words: 'no test reaches it',
  },
};
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { reachOf, totalsOf, type CoverageMap, type Reach } from '../tests/machines/coverage-map.ts';
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

const edgesOf = (info: TransitionInfo, mark = ''): Array<{ within: AnyStateNode; edge: Edge }> => {
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
    return { within, edge: { from, to, label: `${mark}${safe(label)}` } };
  });
};

/** Who reaches each state node (by id) and transition (by key), from the coverage map. */
const reachesOf = (map: CoverageMap | undefined) => ({
  state: new Map(map?.states.map((state) => [state.id, reachOf(state)])),
  transition: new Map(map?.transitions.map((transition) => [transition.key, reachOf(transition)])),
});

const markOf = (reach: Reach | undefined) => (reach ? `${REACH_STYLE[reach].mark} ` : '');

/** The Mermaid `stateDiagram-v2` source of the machine; coloured by what the tests reach when given its coverage map. */
export const mermaidDiagram = (machine: AnyStateMachine, map?: CoverageMap): string => {
  const reaches = reachesOf(map);
  const edgesWithin = new Map<AnyStateNode, Edge[]>();
  for (const info of machineTransitions(machine)) {
    for (const { within, edge } of edgesOf(info, markOf(reaches.transition.get(info.key)))) {
      edgesWithin.set(within, [...(edgesWithin.get(within) ?? []), edge]);
    }
  }
  const title = (node: AnyStateNode) => `${markOf(reaches.state.get(node.id))}${stateTitle(node)}`;
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
      emit(depth, `state "${title(node)}" as ${mermaidId(node)}`);
      if (node.type === 'final') emit(depth, `${mermaidId(node)} --> [*]`);
      return;
    }
    emit(depth, `state "${title(node)}" as ${mermaidId(node)} {`);
    body(node, depth + 1);
    emit(depth, '}');
  };

  const root = machine.root;
  const rootDeclared = root.type === 'parallel' || root.invoke.length > 0;
  if (rootDeclared) {
    // Regions need a composite to sit in; so does an invoke on the root.
    emit(1, `[*] --> ${mermaidId(root)}`);
    declare(root, 1);
  } else {
    body(root, 1);
  }
  if (map) {
    // Mermaid fills states outside composite states only; the marks colour every state and edge.
    for (const [reach, style] of Object.entries(REACH_STYLE) as Array<[Reach, (typeof REACH_STYLE)[Reach]]>) {
      const nodes = rootDeclared
        ? []
        : machineStateNodes(machine).filter((node) => reaches.state.get(node.id) === reach && node.parent === root && Object.keys(node.states).length === 0);
      emit(1, `classDef ${style.className} ${style.classDef}`);
      if (nodes.length > 0) emit(1, `class ${nodes.map(mermaidId).join(',')} ${style.className}`);
    }
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

const reachCell = (reach: Reach | undefined) => (reach ? `${REACH_STYLE[reach].mark} ${reach}` : '');

/** The legend under a coloured chart: the colours in words, what each column counts, the totals. */
const legend = (name: string, map: CoverageMap): string[] => {
  const totals = totalsOf(map);
  const browser = map.browser
    ? `the ${map.browser.run} paths of the browser replay [${map.browser.file}](../../${map.browser.file}) reach ${totals.states.browser} of ${totals.states.all} states and ${totals.transitions.browser} of ${totals.transitions.all} transitions`
    : 'no browser replay drives this machine';
  return [
    `Coloured by what the tests reach (\`npm run paths -- ${name} --coverage\`): ${(Object.values(REACH_STYLE))
      .map((style) => `${style.mark} ${style.colour}: ${style.words}`)
      .join('; ')}. The "Reached by" columns of the tables below say the same in words.`,
    '',
    `The path tests (tests/machines/${name}.paths.test.ts) reach ${totals.states.pathTests} of ${totals.states.all} states and ${totals.transitions.pathTests} of ${totals.transitions.all} transitions; ${browser}.`,
  ];
};

/** The markdown page of one machine; with its coverage map, coloured by what the tests reach. */
export const statechartMarkdown = (name: string, machine: AnyStateMachine, source: string, map?: CoverageMap): string => {
  const nodes = machineStateNodes(machine);
  const transitions = machineTransitions(machine);
  const reaches = reachesOf(map);
  const reachColumn = (reach: Reach | undefined) => (map ? ` ${cell(reachCell(reach))} |` : '');
  const stateRows = nodes.map((node) => {
    const meta = node.meta ? Object.entries(node.meta).map(([key, value]) => `${key}: ${JSON.stringify(value)}`) : [];
    const notes = [...(node.description ? [node.description] : []), ...meta].join('; ');
    return `| ${code(node.path.join('.'))} | ${kindOf(node)} | ${cell(invokeIds(node).map(code).join(', '))} | ${cell(
      [...node.entry, ...node.exit].length
        ? [...node.entry.map((a) => `entry ${actionLabel(a)}`), ...node.exit.map((a) => `exit ${actionLabel(a)}`)].join(', ')
        : '',
    )} | ${cell(notes)} |${reachColumn(reaches.state.get(node.id))}`;
  });
  const relative = (id: string) => id.split('.').slice(1).join('.') || id;
  const transitionRows = transitions.map(
    (info) =>
      `| ${code(relative(info.source.id))} | ${code(info.eventType)} | ${cell(info.guard ? code(info.guard) : '')} | ${cell(
        info.targets.length ? info.targets.map((id) => code(relative(id))).join(', ') : 'no target',
      )} | ${cell(info.actions.map(code).join(', '))} |${reachColumn(reaches.transition.get(info.key))}`,
  );
  const extraHead = map ? ' Reached by |' : '';
  const extraRule = map ? ' --- |' : '';
  return [
    `# ${name}`,
    '',
    `<!-- Generated by \`npm run statecharts\` from ${source}; do not edit by hand. -->`,
    '',
    `Machine \`${machine.id}\` in [${source}](../../${source}). Its test paths: \`npm run paths -- ${name}\`.`,
    '',
    '```mermaid',
    mermaidDiagram(machine, map),
    '```',
    '',
    ...(map ? [...legend(name, map), ''] : []),
    `## States (${nodes.length})`,
    '',
    `| State | Kind | Invokes | Entry / exit | Notes |${extraHead}`,
    `| --- | --- | --- | --- | --- |${extraRule}`,
    ...stateRows,
    '',
    `## Events and transitions (${transitions.length})`,
    '',
    'One row per configured transition, in document order; guarded branches are tried top to bottom.',
    '',
    `| From | Event | Guard | To | Actions |${extraHead}`,
    `| --- | --- | --- | --- | --- |${extraRule}`,
    ...transitionRows,
    '',
  ].join('\n');
};

/** The index page of docs/statecharts/. */
export const statechartIndex = (
  entries: ReadonlyArray<{ name: string; machine: AnyStateMachine; source: string; coverage?: CoverageMap }>,
): string => {
  const covered = entries.some((entry) => entry.coverage);
  const share = (reached: number, all: number) => `${reached} of ${all}`;
  const coverageCells = (map: CoverageMap | undefined) => {
    if (!covered) return '';
    if (!map) return ' – | – |';
    const totals = totalsOf(map);
    return map.browser
      ? ` ${share(totals.states.browser, totals.states.all)} | ${share(totals.transitions.browser, totals.transitions.all)} |`
      : ' no browser replay | no browser replay |';
  };
  return [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts`; do not edit by hand. -->',
    '',
    'One page per machine, generated from its definition. Regenerate with `npm run statecharts` after',
    'changing a machine; list a machine\'s test paths with `npm run paths -- <name>`.',
    '',
    ...(covered
      ? [
          'Each chart is coloured by what the tests reach: 🟦 a browser replay drives it through the real',
          'pages, 🟨 only the machine path tests reach it, 🟥 no test does (`npm run paths -- <name> --coverage`',
          'lists them; `npm run paths -- --all` prints the totals).',
          '',
        ]
      : []),
    `| Machine | Source | States | Transitions |${covered ? ' States a browser replay reaches | Transitions a browser replay reaches |' : ''}`,
    `| --- | --- | --- | --- |${covered ? ' --- | --- |' : ''}`,
    ...entries.map(
      ({ name, machine, source, coverage }) =>
        `| [${name}](${name}.md) | ${code(source)} | ${machineStateNodes(machine).length} | ${machineTransitions(machine).length} |${coverageCells(coverage)}`,
    ),
    '',
  ].join('\n');
};
