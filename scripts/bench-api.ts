/**
 * The API part of `npm run bench` (alone: `npm run bench:api`): autocannon against the compiled server
 * (dist-server/main.js, as `npm start` runs it, on a fresh PGlite in a temporary directory) and, in the
 * same run, against a bare Node http server answering the very same bytes — the ceiling of this
 * machine — for GET /api/home/ and a signed-in GET /api/profile/. With DATABASE_URL set the server
 * runs on that PostgreSQL database instead (e.g. `bash scripts/with-postgres.sh sh -c
 * 'DATABASE_URL=$TEST_DATABASE_URL npm run bench:api'`; it migrates and, in demo mode (DEMO=1), seeds
 * an empty one).
 *
 *  1. Throughput: 10 connections as fast as they go; requests/s, p50, p99 and the share of the bare
 *     server's requests/s (target ≥ 25 %).
 *  2. Latency under a set load: 1,000 requests/s over 10 connections; p99 (target ≤ 20 ms).
 *
 * Each run lasts BENCH_SECONDS (10). Figures depend on the machine and on what else runs on it: read
 * the ratio, which both sides share. Prints; never fails (exit 0), a missed target says MISSED.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { fmt, freePort, line, ROOT, startChild, stop } from './bench-children';

const SERVER = join(ROOT, 'dist-server', 'main.js');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;
const RATE = 1000;
const RATIO_TARGET = 0.25;
const P99_TARGET_MS = 20;

/** The bare baseline: node:http answering a file's bytes, nothing else. */
const BARE_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const home = fs.readFileSync(process.env.HOME_JSON);
const profile = fs.readFileSync(process.env.PROFILE_JSON);
http.createServer((req, res) => {
  const body = req.url.startsWith('/api/profile/') ? profile : home;
  res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare server listening'));
`;

interface Row {
  label: string;
  result: Result;
  baseline?: Result;
}

const run = async (url: string, headers: Record<string, string>, overallRate?: number) => {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, ...(overallRate ? { overallRate } : {}) });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    console.log(`  note: ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return result;
};


const work = await mkdtemp(join(tmpdir(), 'bench-api-'));
const children: ChildProcess[] = [];
try {
  const appPort = await freePort();
  const { child: app } = await startChild(
    [SERVER],
    { PORT: String(appPort), HOST: '127.0.0.1', DEMO: '1', DATA_DIR: join(work, 'data'), TOKEN_SECRET: 'bench-secret-that-is-long-enough-0123456789', NODE_ENV: 'production' },
    /listening on/,
  );
  children.push(app);
  const appUrl = `http://127.0.0.1:${appPort}`;

  const login = await fetch(`${appUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
  });
  const { access } = (await login.json()) as { access: string };
  const signedIn = { Authorization: `Bearer ${access}` };
  const english = { 'Accept-Language': 'en' };

  // The baseline answers exactly the bytes the app answers.
  const homeBytes = Buffer.from(await (await fetch(`${appUrl}/api/home/`, { headers: english })).arrayBuffer());
  const profileBytes = Buffer.from(await (await fetch(`${appUrl}/api/profile/`, { headers: signedIn })).arrayBuffer());
  await writeFile(join(work, 'home.json'), homeBytes);
  await writeFile(join(work, 'profile.json'), profileBytes);
  const barePort = await freePort();
  const { child: bare } = await startChild(['-e', BARE_SERVER], { PORT: String(barePort), HOME_JSON: join(work, 'home.json'), PROFILE_JSON: join(work, 'profile.json') }, /listening/);
  children.push(bare);
  const bareUrl = `http://127.0.0.1:${barePort}`;

  console.log(
    `\nAPI speed (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run; the compiled server dist-server/main.js on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ` +
      `next to a bare node:http server answering the same bytes: /api/home/ ${homeBytes.length} B, /api/profile/ ${profileBytes.length} B)`,
  );
  console.log('Runs alternate between the two servers so both see the same machine load; the ratio is the figure to read.\n');

  // 1. Throughput, bare and app interleaved.
  const rows: Row[] = [];
  for (const [label, path, headers] of [
    ['GET /api/home/', '/api/home/', english],
    ['GET /api/profile/ (signed in)', '/api/profile/', signedIn],
  ] as const) {
    const baseline = await run(`${bareUrl}${path}`, headers);
    const result = await run(`${appUrl}${path}`, headers);
    rows.push({ label: `bare node:http ${path}`, result: baseline });
    rows.push({ label: `app ${label}`, result, baseline });
  }
  const widths = [36, 9, 9, 9, 9, 22];
  console.log(`Throughput (as fast as ${CONNECTIONS} connections go):`);
  console.log(line(['', 'req/s', 'p50 ms', 'p99 ms', 'of bare', `target ≥ ${RATIO_TARGET * 100} %`], widths));
  const missed: string[] = [];
  for (const { label, result, baseline } of rows) {
    const ratio = baseline ? result.requests.average / baseline.requests.average : undefined;
    const verdict = ratio === undefined ? '' : ratio >= RATIO_TARGET ? 'OK' : 'MISSED';
    if (verdict === 'MISSED') missed.push(`${label}: ${fmt((ratio ?? 0) * 100)} % of bare`);
    console.log(
      line(
        [label, fmt(result.requests.average, 0), fmt(result.latency.p50), fmt(result.latency.p99), ratio === undefined ? '' : `${fmt(ratio * 100)} %`, verdict],
        widths,
      ),
    );
  }

  // 2. p99 at a set rate.
  console.log(`\nLatency at ${RATE} requests/s (${CONNECTIONS} connections):`);
  console.log(line(['', 'req/s', 'p50 ms', 'p99 ms', 'max ms', `target p99 ≤ ${P99_TARGET_MS} ms`], widths));
  for (const [label, url, headers] of [
    ['bare node:http /api/home/', `${bareUrl}/api/home/`, english],
    ['app GET /api/home/', `${appUrl}/api/home/`, english],
    ['app GET /api/profile/ (signed in)', `${appUrl}/api/profile/`, signedIn],
  ] as const) {
    const result = await run(url, headers, RATE);
    const isApp = label.startsWith('app');
    const verdict = !isApp ? '' : result.latency.p99 <= P99_TARGET_MS ? 'OK' : 'MISSED';
    if (verdict === 'MISSED') missed.push(`${label}: p99 ${fmt(result.latency.p99)} ms at ${RATE} req/s`);
    console.log(line([label, fmt(result.requests.average, 0), fmt(result.latency.p50), fmt(result.latency.p99), fmt(result.latency.max), verdict], widths));
  }
  console.log(missed.length === 0 ? '\nAPI targets met.' : `\nAPI TARGET MISSED (${missed.length}):\n${missed.map((m) => `  MISSED: ${m}`).join('\n')}`);
} finally {
  for (const child of children) await stop(child);
  await rm(work, { recursive: true, force: true });
}
