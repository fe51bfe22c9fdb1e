/**
 * Writes docs/statecharts/<name>.md for every machine in the catalog, and the index README.md.
 * Each chart is coloured by what the path tests and the browser replays reach (tests/machines/coverage-map.ts).
 *   npm run statecharts              regenerate
 *   npm run statecharts -- --check   exit 1 when a page is missing or out of date
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineCoverageMap, type CoverageMap } from '../tests/machines/coverage-map.ts';
import { loadModel, machineNames, machineSource, type MachineName } from './machine-catalog.ts';
import { statechartIndex, statechartMarkdown } from './statechart-doc.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'statecharts');

/**
 * Every generated page: its path under docs/statecharts and its content, each chart coloured by its
 * machine's coverage map (`coverageOf`; by default computed from the paths, which generates every
 * machine's path-test paths: about a minute of CPU).
 */
export const statechartPages = async (
  coverageOf: (name: MachineName) => Promise<CoverageMap> = (name) => machineCoverageMap(name),
): Promise<Array<{ file: string; content: string }>> => {
  const entries = [];
  for (const name of machineNames) {
    entries.push({ name, machine: (await loadModel(name)).machine, source: machineSource(name), coverage: await coverageOf(name) });
  }
  return [
    ...entries.map(({ name, machine, source, coverage }) => ({ file: `${name}.md`, content: statechartMarkdown(name, machine, source, coverage) })),
    { file: 'README.md', content: statechartIndex(entries) },
  ];
};

const readOrEmpty = (file: string) => readFile(file, 'utf8').catch(() => '');

const main = async (args: string[]): Promise<number> => {
  const pages = await statechartPages();
  if (args.includes('--check')) {
    const stale: string[] = [];
    for (const page of pages) if ((await readOrEmpty(join(outDir, page.file))) !== page.content) stale.push(page.file);
    if (stale.length) console.error(`out of date in docs/statecharts: ${stale.join(', ')} (run npm run statecharts)`);
    return stale.length ? 1 : 0;
  }
  await mkdir(outDir, { recursive: true });
  for (const page of pages) await writeFile(join(outDir, page.file), page.content);
  console.log(`wrote ${pages.map((page) => `docs/statecharts/${page.file}`).join(', ')}`);
  return 0;
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main(process.argv.slice(2));
