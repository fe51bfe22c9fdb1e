/**
 * Lists a machine's generated test paths for testers:
 *   npm run paths -- auth           numbered steps, as text
 *   npm run -s paths -- auth --json  the same paths as JSON (for tools and browser tests)
 *   npm run paths -- auth --shortest only the shortest path to every state (vertex), numbered as the
 *                                    browser replays (tests/e2e/*.model-paths.test.ts) name them
 *   npm run paths -- auth --coverage which states and transitions the path tests and the browser replay
 *                                    reach, with the totals (tests/machines/coverage-map.ts)
 *   npm run paths -- --all           those totals for every machine, as one table
 *   npm run paths                   the machine names
 */
import { formatPath, pathToJSON } from '../tests/machines/path-format.ts';
import { coverage, formatCoverage, generatePaths, inputCasesOf, shortestPathsFor } from '../tests/machines/path-kit.ts';
import { formatCoverageMap, formatCoverageTotals, machineCoverageMap } from '../tests/machines/coverage-map.ts';
import { isMachineName, loadModel, machineNames, machineSource } from './machine-catalog.ts';

const usage = () =>
  [
    'usage: npm run paths -- <machine> [--json] [--shortest]',
    '       npm run paths -- <machine> --coverage   what the path tests and the browser replay reach',
    '       npm run paths -- --all                  the coverage totals of every machine',
    '       (npm run -s paths -- <machine> --json keeps npm\'s own lines out of the JSON)',
    '',
    'machines:',
    ...machineNames.map((name) => `  ${name}`),
  ].join('\n');

const main = async (args: string[]): Promise<number> => {
  const json = args.includes('--json');
  const names = args.filter((arg) => !arg.startsWith('--'));
  const [name] = names;
  if (args.includes('--all') && name === undefined) {
    const maps = [];
    for (const machine of machineNames) maps.push(await machineCoverageMap(machine));
    console.log(`Coverage of every machine: what the path tests and the browser replays reach\n\n${formatCoverageTotals(maps)}`);
    return 0;
  }
  if (name === undefined) {
    console.log(usage());
    return 0;
  }
  if (!isMachineName(name) || names.length > 1) {
    console.error(`unknown machine: ${names.join(' ')}\n\n${usage()}`);
    return 1;
  }
  if (args.includes('--coverage')) {
    console.log(formatCoverageMap(await machineCoverageMap(name), machineSource(name)));
    return 0;
  }
  const model = await loadModel(name);
  const shortest = args.includes('--shortest');
  const paths = shortest ? inputCasesOf(model).flatMap((inputCase) => shortestPathsFor(model, inputCase)) : generatePaths(model);
  const kind = shortest ? 'shortest paths (one per state vertex)' : 'paths';
  if (json) {
    const output = { machine: name, source: machineSource(name), paths: paths.map((path, index) => pathToJSON(model, path, index + 1)) };
    console.log(JSON.stringify(output, null, 2));
    return 0;
  }
  const result = coverage(model.machine, paths);
  console.log(`${name} (${machineSource(name)}): ${paths.length} ${kind}\n${formatCoverage(result)}\n`);
  for (const [index, path] of paths.entries()) {
    console.log(`${formatPath(model, path, { title: `${shortest ? 'Shortest path' : 'Path'} ${index + 1}` })}\n`);
  }
  return 0;
};

process.exitCode = await main(process.argv.slice(2));
