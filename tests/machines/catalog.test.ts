/** The catalog behind `npm run paths` and `npm run statecharts`, the CLI, and the generated docs. */
import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadModel, machineCatalog, machineNames, machineSource } from '../../scripts/machine-catalog.ts';
import { mermaidDiagram } from '../../scripts/statechart-doc.ts';
import { statechartPages } from '../../scripts/statecharts.ts';
import { browserPathsOf, coverageMapOf } from './coverage-map.ts';
import { authModel } from './auth.model.ts';
import { cookieConsentModel } from './cookie-consent.model.ts';
import { generatePaths } from './path-kit.ts';

const root = join(import.meta.dirname, '..', '..');
const run = promisify(execFile);
// The CLI starts tsx and generates every path: seconds, not milliseconds.
const CLI_TIMEOUT = 60_000;
const paths = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/paths.ts', ...args], { cwd: root, maxBuffer: 10_000_000 });

describe('machine catalog', () => {
  it('has an entry for every machines/*.machine.ts (add its model and one catalog line)', async () => {
    const files = (await readdir(join(root, 'machines'))).filter((file) => file.endsWith('.machine.ts'));
    expect(machineNames).toEqual(files.map((file) => file.replace(/\.machine\.ts$/, '')).sort());
  });

  it('loads each model with the machine its file exports', async () => {
    for (const name of machineNames) {
      const exported = Object.values(await import(join(root, machineSource(name))));
      expect(exported, name).toContain((await loadModel(name)).machine);
    }
    expect(Object.keys(machineCatalog)).toContain('cookie-consent');
    // It imports every machine and model: 3 s alone, over 5 s on a loaded machine.
  }, CLI_TIMEOUT);
});

describe('npm run paths', () => {
  it('lists the machine names and fails for an unknown one', async () => {
    const listed = await paths();
    expect(listed.stdout).toContain('  cookie-consent\n');
    const failed = await paths('nope').catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/unknown machine: nope[\s\S]*  auth\n/);
  }, CLI_TIMEOUT);

  it('prints numbered, readable steps', async () => {
    const { stdout } = await paths('auth');
    expect(stdout).toContain('Path 1 — input: no stored token\n  1. start → signedOut.idle');
    expect(stdout).toContain('send login.change {field: email, value: demo@example.com} → signedOut.idle');
    expect(stdout).toContain('loadSession rejects ApiError(401 errors.unauthorized) → signedOut.idle');
  }, CLI_TIMEOUT);

  it('prints the same paths as JSON', async () => {
    const { stdout } = await paths('cookie-consent', '--json');
    const output = JSON.parse(stdout) as { machine: string; paths: Array<{ id: number; steps: Array<{ description: string; state: { value: unknown } }> }> };
    expect(output.machine).toBe('cookie-consent');
    expect(output.paths).toHaveLength(generatePaths(cookieConsentModel).length);
    expect(output.paths[0]?.id).toBe(1);
    expect(output.paths[0]?.steps[0]).toMatchObject({ description: 'start', state: { value: { banner: 'asking', policy: 'closed' } } });
  }, CLI_TIMEOUT);
});

/**
 * The map the pages are coloured by, as `npm run statecharts` computes it, except that the path tests
 * reach every state and transition: each <name>.paths.test.ts asserts that ('covers every state and
 * every transition', path-suite.ts), and generating every machine's paths again here would take a
 * minute of CPU. What the browser replays reach is computed from their plans.
 */
const pageCoverage = async (name: Parameters<typeof browserPathsOf>[0]) => {
  const map = coverageMapOf(name, (await loadModel(name)).machine, [], await browserPathsOf(name));
  return {
    ...map,
    states: map.states.map((state) => ({ ...state, pathTests: true })),
    transitions: map.transitions.map((transition) => ({ ...transition, pathTests: true })),
  };
};

describe('npm run statecharts', () => {
  it('has written the current pages (run `npm run statecharts` after changing a machine or a browser replay)', async () => {
    for (const page of await statechartPages(pageCoverage)) {
      const written = await readFile(join(root, 'docs', 'statecharts', page.file), 'utf8').catch(() => '');
      expect(written, `docs/statecharts/${page.file} is out of date`).toBe(page.content);
    }
    // The browser replays' paths are selected from their models' shortest paths: seconds.
  }, CLI_TIMEOUT);

  it('draws nested and parallel states, guards, invokes and edges across composite states', () => {
    const auth = mermaidDiagram(authModel.machine);
    expect(auth).toMatch(/^stateDiagram-v2\n {2}\[\*\] --> restoring/);
    expect(auth).toContain('state "signedIn" as signedIn {\n    [*] --> signedIn_loadingProfile');
    expect(auth).toContain('state "verifying (invoke verifyToken)" as verifying');
    expect(auth).toContain('signedOut_idle --> signedOut_submitting : login.submit [isLoginValid]');
    expect(auth).toContain('signedIn --> signedOut : loadSession error [isUnauthorized] (from loadingProfile)');
    expect(auth).toContain('signedOut_idle --> signedOut_idle : login.change (no target)');
    const consent = mermaidDiagram(cookieConsentModel.machine);
    expect(consent).toMatch(/state "banner" as banner \{[\s\S]*\n {4}--\n {4}state "policy" as policy \{/);
  });
});
