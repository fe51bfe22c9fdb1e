/** The coverage map testers read: `npm run paths -- <machine> --coverage`, `--all`, and the coloured statecharts. */
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { machineNames } from '../../scripts/machine-catalog.ts';
import { mermaidDiagram, statechartMarkdown } from '../../scripts/statechart-doc.ts';
import { selectPaths } from '../e2e/support/replay-plan.ts';
import { browserReplays } from '../e2e/support/replays/index.ts';
import { registrationPlan } from '../e2e/support/replays/registration.paths.ts';
import { coverageMapOf, formatCoverageMap, formatCoverageTotals, reachOf } from './coverage-map.ts';
import { door, doorModel } from './door.fixture.ts';
import { coverage, pathFromEvents } from './path-kit.ts';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
const CLI_TIMEOUT = 120_000;
const paths = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], { cwd: root, maxBuffer: 10_000_000 });

// The door (door.fixture.ts): the path tests open and close it, the browser only knocks; nothing locks it.
const pathTestPaths = [pathFromEvents(doorModel, [{ type: 'open' }, { type: 'close' }])];
const browserPaths = [pathFromEvents(doorModel, [{ type: 'knock' }])];
const doorMap = coverageMapOf('door', door, pathTestPaths, {
  paths: browserPaths,
  summary: { file: 'tests/e2e/door.model-paths.test.ts', run: 1, skipped: 2 },
});

describe('coverage map', () => {
  it('tells a state only a browser path reaches and a transition nothing reaches', () => {
    const state = (name: string) => doorMap.states.find((item) => item.state === name);
    expect(state('answering')).toMatchObject({ pathTests: false, browser: true });
    expect(state('opened')).toMatchObject({ pathTests: true, browser: false });
    expect(state('locked')).toMatchObject({ pathTests: false, browser: false });
    const transition = (source: string, event: string) => doorMap.transitions.find((item) => item.source === source && item.event === event);
    expect(transition('opened', 'lock')).toMatchObject({ target: 'locked', pathTests: false, browser: false });
    expect(transition('closed', 'knock')).toMatchObject({ target: 'answering', pathTests: false, browser: true });
    expect(transition('opened', 'close')).toMatchObject({ target: 'closed', pathTests: true, browser: false });
    expect(reachOf(state('answering')!)).toBe('browser');
    expect(reachOf(state('opened')!)).toBe('path tests only');
    expect(reachOf(transition('opened', 'lock')!)).toBe('none');
  });

  it('prints every state and transition with a mark per column, then the totals (--coverage)', () => {
    const output = formatCoverageMap(doorMap, 'machines/door.machine.ts');
    expect(output).toMatch(/^state\s+path tests\s+browser$/m);
    expect(output).toMatch(/^answering\s+—\s+✓$/m);
    expect(output).toMatch(/^locked\s+—\s+—$/m);
    expect(output).toMatch(/^closed\s+✓\s+✓$/m);
    expect(output).toMatch(/^source\s+event\s+target\s+path tests\s+browser$/m);
    expect(output).toMatch(/^opened\s+lock\s+locked\s+—\s+—$/m);
    expect(output).toMatch(/^closed\s+knock\s+answering\s+—\s+✓$/m);
    expect(output).toMatch(/^states\s+2 of 4\s+2 of 4$/m);
    expect(output).toMatch(/^transitions\s+2 of 5\s+1 of 5$/m);
    expect(output).toContain('the 1 paths tests/e2e/door.model-paths.test.ts runs (2 more listed there as not replayable)');
  });

  it("says 'no browser replay' for a machine without one, and prints every machine's totals as one table (--all)", () => {
    const alone = coverageMapOf('door', door, pathTestPaths, null);
    expect(alone.states.every((state) => !state.browser)).toBe(true);
    const output = formatCoverageMap(alone);
    expect(output).toMatch(/^states\s+2 of 4\s+no browser replay$/m);
    expect(output).toMatch(/^answering\s+—\s+—$/m);
    const all = formatCoverageTotals([doorMap, { ...alone, machine: 'hatch' }]);
    expect(all).toMatch(/^machine\s+states: path tests\s+states: browser\s+transitions: path tests\s+transitions: browser$/m);
    expect(all).toMatch(/^door\s+2 of 4\s+2 of 4\s+2 of 5\s+1 of 5$/m);
    expect(all).toMatch(/^hatch\s+2 of 4\s+no browser replay\s+2 of 5\s+no browser replay$/m);
  });

  it('colours the statechart by it, with the legend and the reach in words', () => {
    const page = statechartMarkdown('door', door, 'machines/door.machine.ts', doorMap);
    expect(page).toContain('state "🟦 answering" as answering');
    expect(page).toContain('state "🟨 opened" as opened');
    expect(page).toContain('state "🟥 locked" as locked');
    expect(page).toContain('opened --> locked : 🟥 lock');
    expect(page).toContain('closed --> answering : 🟦 knock');
    expect(page).toMatch(/classDef browser fill:[^\n]+\n {2}class closed,answering browser/);
    expect(page).toContain('🟦 blue: a browser replay drives it');
    expect(page).toMatch(/\| `locked` \| final \|[^\n]*\| 🟥 none \|/);
    expect(page).toMatch(/\| `opened` \| `lock` \|[^\n]*\| 🟥 none \|/);
    expect(page).toContain('reach 2 of 4 states and 1 of 5 transitions');
    // Without a map the chart is drawn as before.
    expect(mermaidDiagram(door)).not.toMatch(/🟦|🟨|🟥|classDef/);
  });
});

describe('browser replays in the map', () => {
  it('registers every replay file, and only those (one line in tests/e2e/support/replays/index.ts)', async () => {
    const files = (await readdir(join(root, 'tests', 'e2e'))).filter((file) => file.endsWith('.model-paths.test.ts'));
    expect(Object.keys(browserReplays).sort()).toEqual(files.map((file) => file.replace(/\.model-paths\.test\.ts$/, '')).sort());
    for (const name of Object.keys(browserReplays)) expect(machineNames, name).toContain(name);
  });

  it(
    'npm run paths -- <machine> --coverage prints what the replay runs, and no browser replay where there is none',
    async () => {
      const { stdout } = await paths('registration', '--coverage');
      const selection = selectPaths(registrationPlan);
      const { transitions } = coverage(registrationPlan.model.machine, selection.run.map((chosen) => chosen.path));
      const all = transitions.all.length;
      expect(stdout).toContain(`the ${selection.run.length} paths tests/e2e/registration.model-paths.test.ts runs`);
      expect(stdout).toMatch(new RegExp(`^transitions\\s+${all} of ${all}\\s+${all - transitions.missing.length} of ${all}$`, 'm'));
      // Each transition the replay does not take is a row the path tests reach and the browser does not.
      const transitionRows = stdout.slice(stdout.indexOf('\nTransitions ('), stdout.indexOf('\nTotals'));
      expect(transitionRows.match(/✓ +—$/gm) ?? []).toHaveLength(transitions.missing.length);
      const alert = await paths('alert', '--coverage');
      expect(alert.stdout).toMatch(/^states\s+2 of 2\s+no browser replay$/m);
    },
    CLI_TIMEOUT,
  );
});
