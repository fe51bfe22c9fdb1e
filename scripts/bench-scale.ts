/**
 * `npm run bench:scale` (issue 27): the list endpoints, start-up and the live stream at an insurer's
 * scale. Fills a throwaway database — PGlite in a temporary directory, or, with DATABASE_URL, a new
 * database on that PostgreSQL server (created and dropped; e.g. `bash scripts/with-postgres.sh sh -c
 * 'DATABASE_URL=$TEST_DATABASE_URL npm run bench:scale'`) — on top of the migrated, seeded demo data, by
 * a few big `generate_series` statements, with the issue's volumes times `--scale`: 50,000 users,
 * 100,000 policies, 2.46 M fee_schedule rows, 1.29 M payments, 200,000 claims, 1 M notifications,
 * 100,000 feedback items. One "heavy" user (user2@example.com) holds 2 % of the policies and their
 * claims, notifications and feedback (2,000 / 4,000 / 20,000 / 2,000 at scale 1); the "light" one is
 * demo@example.com with the demo seed's handful.
 *
 * Then prints:
 *  - start-up (process start to "listening") of the compiled server on the demo data and on the loaded data;
 *  - the EXPLAIN plan of each list query for the heavy user, FLAGGED when it has a Seq Scan or a Sort;
 *  - for every per-user list endpoint, heavy and light: req/s and p99 (10 connections as fast as they
 *    go) beside a bare node:http server answering the very same bytes in the same run (as
 *    scripts/bench-api.ts does), and p99 at 1,000 req/s;
 *  - the event stream: memory (RSS of the server process) per open stream with `--streams` streams of
 *    as many users, extrapolated to 10,000; time from one change to a user's 5 streams; and (PostgreSQL
 *    only: on PGlite the database lives inside the server process) one statement's notifications to
 *    every open stream's user, until each stream has its event.
 *
 * Options: `--scale 0.05` (a smoke run), `--seconds 5` (each autocannon run; BENCH_SECONDS),
 * `--streams 2000`, `--skip-sse`, `--skip-http`. Needs `npm run build:server` (the npm script runs it).
 * Prints; never fails on a missed target. Not part of `npm test`.
 */
import type { ChildProcess } from 'node:child_process';
import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { fmt, freePort, line, ROOT, startChild, stop } from './bench-children';
import pg from 'pg';
import { DUE_WINDOW_DAYS } from '../contract/fee.schema';
import { todayInMongolia } from '../contract/insurance.schema';
import { issueToken } from '../server/auth/token';
import { claimPageSql, claimPolicyPageSql } from '../server/claims/claims.repo';
import type { Db } from '../server/db/db';
import { openDb } from '../server/db/open';
import { contractPageSql } from '../server/contracts/contracts.repo';
import { dueFeesSql } from '../server/fees/fees.repo';
import { feedbackPageSql } from '../server/feedback/feedback.repo';
import { addDays, contractPrefixPattern } from '../server/insurance';
import { notificationPageSql } from '../server/notifications/notifications.repo';

const { values: options } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    seconds: { type: 'string', default: process.env.BENCH_SECONDS ?? '5' },
    streams: { type: 'string', default: '2000' },
    'skip-sse': { type: 'boolean', default: false },
    'skip-http': { type: 'boolean', default: false },
  },
});
const SCALE = Number(options.scale);
const SECONDS = Number(options.seconds);
const STREAMS = Number(options.streams);
if (!(SCALE > 0 && SCALE <= 1 && SECONDS > 0 && STREAMS >= 0)) throw new Error('--scale in (0, 1], --seconds > 0, --streams ≥ 0');

const SERVER = join(ROOT, 'dist-server', 'main.js');
const SECRET = 'bench-secret-that-is-long-enough-0123456789';
const CONNECTIONS = 10;
const RATE = 1000;
const BASE_URL = process.env.DATABASE_URL;
const KIND = BASE_URL ? 'PostgreSQL' : 'PGlite';

const n = (full: number) => Math.max(1, Math.round(full * SCALE));
const VOLUME = { users: n(50_000), policies: n(100_000), heavyPolicies: Math.max(20, Math.round(2_000 * SCALE)) };

const timed = async <T>(label: string, work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  console.log(`  ${label}: ${fmt((performance.now() - started) / 1000)} s`);
  return result;
};

/** The fill, in a few big statements; `$1` is the heavy user's id. Rows of the fill are marked BENCH. */
const fillStatements = (heavy: number): [string, string, unknown[]][] => {
  const { users, policies, heavyPolicies } = VOLUME;
  return [
    [
      `${users} users`,
      `insert into users (email, password_hash, name, partner_id, register, phone)
       select 'bench' || g || '@bench.example', (select password_hash from users where id = $1), 'Bench ' || g, 50000000 + g,
              'ББ' || lpad(g::text, 8, '0'), '8' || lpad(g::text, 7, '0')
         from generate_series(1, ${users}) g`,
      [heavy],
    ],
    [
      `${policies} policies (${heavyPolicies} the heavy user's)`,
      `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status, insured_name)
       select case when g <= ${heavyPolicies} then $1 else u.id end, 'BENCH-' || lpad(g::text, 8, '0'),
              products.ids[1 + g % array_length(products.ids, 1)], date '2016-01-01' + g % 3000, date '2026-01-01' + g % 3000,
              50000 + (g % 10) * 1000, 'monthly', 'active', 'Bench ' || g
         from generate_series(1, ${policies}) g
         cross join (select array_agg(id order by id) as ids from products) products
         left join users u on u.email = 'bench' || (1 + g % ${users}) || '@bench.example'`,
      [heavy],
    ],
    [
      'fee_schedule (24.5 a policy, 12.9 paid)',
      `insert into fee_schedule (policy_id, seq, due_date, amount, paid_at, confirmed_at)
       select p.id, s, p.start_date + (s - 1) * interval '1 month', p.fee_amount,
              case when s <= 12 + (p.id % 10 < 9)::int then p.start_date + (s - 1) * interval '1 month' + interval '2 hours' end,
              case when s <= 12 + (p.id % 10 < 9)::int then p.start_date + (s - 1) * interval '1 month' + interval '2 hours' end
         from policies p cross join lateral generate_series(1, 24 + p.id % 2) s
        where p.contract_number like 'BENCH-%'`,
      [],
    ],
    [
      'policy_payments (one a paid fee)',
      `insert into policy_payments (policy_id, amount, paid_at, method, reference)
       select s.policy_id, s.amount, s.paid_at, 'transfer', 'BENCH-' || s.policy_id || '-' || s.seq
         from fee_schedule s join policies p on p.id = s.policy_id
        where p.contract_number like 'BENCH-%' and s.paid_at is not null`,
      [],
    ],
    [
      'claims (2 a policy)',
      `insert into claims (user_id, policy_id, status, claim_number, stage, claim_type, insured_name, sent_at, received_at, created_at, updated_at)
       select p.user_id, p.id, 'sent', 'BENCH-' || p.id || '-' || c, 'received', 'accident', 'Bench',
              now() - ((p.id * 7 + c * 13) % 1000) * interval '1 day', now() - ((p.id * 7 + c * 13) % 1000) * interval '1 day',
              now() - ((p.id * 7 + c * 13) % 1000) * interval '1 day', now()
         from policies p cross join generate_series(1, 2) c
        where p.contract_number like 'BENCH-%'`,
      [],
    ],
    [
      'notifications (10 a policy, 8 of them read)',
      `insert into notifications (user_id, kind, params, link, created_at, read_at)
       select p.user_id, 'invoice_paid', jsonb_build_object('amount', p.fee_amount, 'contract_number', p.contract_number), '/user/contracts/' || p.id,
              now() - ((p.id * 31 + k * 17) % 700) * interval '1 day' - k * interval '1 minute',
              case when k <= 8 then now() - ((p.id * 31 + k * 17) % 700) * interval '1 day' end
         from policies p cross join generate_series(1, 10) k
        where p.contract_number like 'BENCH-%'`,
      [],
    ],
    [
      'feedback (1 a policy, answered)',
      `insert into feedback (user_id, kind, policy_id, text, created_at, reply_text_mn, reply_text_en, replied_at)
       select p.user_id, 'question', p.id, 'Bench question ' || p.id, now() - (p.id % 700) * interval '1 day',
              'Хариу', 'Answer', now() - (p.id % 700) * interval '1 day' + interval '1 hour'
         from policies p where p.contract_number like 'BENCH-%'`,
      [],
    ],
  ];
};

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const explain = async (db: Db, sql: string, params: unknown[]) => {
  const { rows } = await db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number }[];
  const nodes = nodesOf(plan[0]!.Plan);
  const described = nodes.map((node) => `${node['Node Type']}${node['Index Name'] ? ` ${node['Index Name']}` : node['Relation Name'] ? ` ${node['Relation Name']}` : ''}`);
  const flags = nodes
    .filter((node) => node['Node Type'] === 'Seq Scan' || node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort')
    .map((node) => `${node['Node Type']}${node['Relation Name'] ? ` ${node['Relation Name']}` : ''} (${node['Actual Rows'] ?? '?'} rows)`);
  return { described, flags, ms: plan[0]!['Execution Time'] };
};

/** A throwaway database on the given PostgreSQL server: its URL and the function that drops it. */
const throwawayPostgres = async (baseUrl: string) => {
  const name = `bench_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
};

/** The server process's resident memory, in bytes (Linux). */
const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return kb * 1024;
};

interface Stream {
  request: ClientRequest;
  events: number;
  waiters: (() => void)[];
}

/** Opens an event stream; resolves once its first `unread` event arrived. */
const openStream = (base: string, token: string) =>
  new Promise<Stream>((resolve, reject) => {
    const stream: Stream = { request: undefined as unknown as ClientRequest, events: 0, waiters: [] };
    const request = httpRequest(`${base}/api/notifications/stream/`, { headers: { Authorization: `Bearer ${token}` }, agent: false }, (response: IncomingMessage) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const count = chunk.split('event: unread').length - 1;
        if (count === 0) return;
        stream.events += count;
        if (stream.events === 1) resolve(stream);
        const waiting = stream.waiters.splice(0);
        for (const wake of waiting) wake();
      });
    });
    request.on('error', reject);
    request.end();
    stream.request = request;
  });

const nextEvent = (stream: Stream, after: number) =>
  new Promise<void>((resolve) => {
    if (stream.events > after) return resolve();
    const check = () => (stream.events > after ? resolve() : stream.waiters.push(check));
    stream.waiters.push(check);
  });

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

const work = await mkdtemp(join(tmpdir(), 'bench-scale-'));
const children: ChildProcess[] = [];
let dropDatabase: (() => Promise<void>) | undefined;
try {
  const dataDir = join(work, 'data');
  let databaseUrl: string | undefined;
  if (BASE_URL) {
    const database = await throwawayPostgres(BASE_URL);
    databaseUrl = database.url;
    dropDatabase = database.drop;
  }
  const serverEnv = (port: number) => ({
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO: '1',
    DATA_DIR: dataDir,
    TOKEN_SECRET: SECRET,
    NODE_ENV: 'production',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const startApp = async () => {
    const port = await freePort();
    const started = await startChild([SERVER], serverEnv(port), /listening on/, 600_000);
    return { ...started, url: `http://127.0.0.1:${port}` };
  };

  console.log(`\nbench:scale on ${KIND}, scale ${SCALE} (${VOLUME.users} users, ${VOLUME.policies} policies, heavy user ${VOLUME.heavyPolicies} of them), ${SECONDS} s a run\n`);

  // Start-up on the demo data: a first start migrates and seeds; the second is what a restart costs.
  const first = await startApp();
  await stop(first.child);
  const demoStart = await startApp();
  await stop(demoStart.child);

  // The fill, with the server stopped (PGlite is one process's).
  console.log('Fill:');
  const db = await openDb(databaseUrl ? { databaseUrl } : { dataDir: join(dataDir, 'db') });
  const ids = async (email: string) => (await db.query<{ id: number; password_version: number }>('select id, password_version from users where email = $1', [email])).rows[0]!;
  const heavy = await ids('user2@example.com');
  const light = await ids('demo@example.com');
  const fillStarted = performance.now();
  for (const [label, sql, params] of fillStatements(heavy.id)) await timed(label, () => db.query(sql, params));
  await timed('analyze', () => db.exec('analyze'));
  console.log(`  total: ${fmt((performance.now() - fillStarted) / 1000)} s`);
  const counts = await db.query<Record<string, number>>(
    `select (select count(*) from users)::int as users, (select count(*) from policies)::int as policies, (select count(*) from fee_schedule)::int as fee_schedule,
            (select count(*) from policy_payments)::int as payments, (select count(*) from claims)::int as claims,
            (select count(*) from notifications)::int as notifications, (select count(*) from feedback)::int as feedback`,
  );
  console.log(`  rows: ${Object.entries(counts.rows[0]!).map(([table, count]) => `${table} ${count.toLocaleString('en')}`).join(', ')}`);

  // The plans of the list queries, for the heavy user (and a page after a cursor half way down).
  const { rows: heavyUser } = await db.query<{ register: string | null; phone: string | null }>('select register, phone from users where id = $1', [heavy.id]);
  const midNotification = (await db.query<{ id: number }>('select id from notifications where user_id = $1 order by created_at desc, id desc offset 1000 limit 1', [heavy.id])).rows[0]?.id ?? 0;
  const midClaim = (
    await db.query<{ micros: string; id: number }>(
      `select (extract(epoch from coalesce(sent_at, created_at)) * 1000000)::bigint::text as micros, id from claims
        where user_id = $1 order by coalesce(sent_at, created_at) desc, id desc offset 500 limit 1`,
      [heavy.id],
    )
  ).rows[0];
  const visible = [heavy.id, heavyUser[0]?.register ?? null, heavyUser[0]?.phone ?? null];
  const plans: [string, string, unknown[]][] = [
    ['contracts, first page', contractPageSql('mn', false), [heavy.id, heavyUser[0]?.register ?? null, heavyUser[0]?.phone ?? null, 21, '2026-01-01', '2026-02-01', null]],
    ['claims, first page', claimPageSql('mn', false), [heavy.id, 21]],
    ['claims, after a cursor', claimPageSql('mn', true), [heavy.id, 21, midClaim?.micros ?? '0', midClaim?.id ?? 0]],
    ['notifications, first page', notificationPageSql(false), [heavy.id, 21]],
    ['notifications, after a cursor', notificationPageSql(true), [heavy.id, 21, midNotification]],
    ['feedback, first page', feedbackPageSql('mn', false), [heavy.id, 21]],
    // The two pickers: the earliest 24 due fees with the totals (a top-N sort is expected), and the policies to claim on.
    ['due fees (24 and totals)', dueFeesSql('mn'), [...visible, 24, todayInMongolia(), addDays(todayInMongolia(), DUE_WINDOW_DAYS)]],
    ['claim policies, first page', claimPolicyPageSql('mn', false), [...visible, 21, null]],
    ['claim policies, searched', claimPolicyPageSql('mn', false), [...visible, 21, contractPrefixPattern('BENCH-0000001')]],
  ];
  console.log('\nPlans of the list queries for the heavy user (EXPLAIN ANALYZE; FLAGGED: a Seq Scan or a Sort):');
  for (const [label, sql, params] of plans) {
    const plan = await explain(db, sql, params);
    console.log(`  ${label.padEnd(30)} ${fmt(plan.ms, 2).padStart(8)} ms  ${plan.flags.length ? `FLAGGED ${plan.flags.join(', ')}` : 'ok'}`);
    console.log(`      ${plan.described.join(' → ')}`);
  }

  // Users for the streams (one stream each: the per-user cap is 20) and the heavy user's unread ids.
  const streamUsers = (await db.query<{ id: number; password_version: number }>("select id, password_version from users where email like '%@bench.example' order by id limit $1", [STREAMS])).rows;
  const unreadIds = (await db.query<{ id: number }>('select id from notifications where user_id = $1 and read_at is null order by id limit 20', [heavy.id])).rows.map((row) => row.id);
  await db.close();

  const loaded = await startApp();
  children.push(loaded.child);
  const appUrl = loaded.url;
  console.log(`\nStart-up (process start to listening): demo data ${fmt(demoStart.ms / 1000, 2)} s (first start, migrating and seeding: ${fmt(first.ms / 1000, 2)} s); loaded data ${fmt(loaded.ms / 1000, 2)} s`);

  const tokenOf = (user: { id: number; password_version: number }) => issueToken(user, SECRET);
  const who = { heavy: await tokenOf(heavy), light: await tokenOf(light) };

  if (!options['skip-http']) {
    const endpoints = ['/api/contracts/', '/api/claims/', '/api/notifications/', '/api/feedback/', '/api/fees/due/', '/api/claims/policies/', '/api/applications/'];
    const answers: Record<string, string> = {};
    for (const path of endpoints) {
      for (const [name, token] of Object.entries(who)) {
        const response = await fetch(`${appUrl}${path}`, { headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'mn' } });
        const bytes = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200) console.log(`  note: ${path} (${name}) answered ${response.status}`);
        const file = join(work, `${name}${path.replaceAll('/', '_')}.json`);
        await writeFile(file, bytes);
        answers[`${path}|Bearer ${token}`] = file;
      }
    }
    await writeFile(join(work, 'answers.json'), JSON.stringify(answers));
    const bareSource = `
      const http = require('node:http');
      const fs = require('node:fs');
      const answers = JSON.parse(fs.readFileSync(process.env.ANSWERS, 'utf8'));
      const bodies = new Map(Object.entries(answers).map(([key, file]) => [key, fs.readFileSync(file)]));
      http.createServer((req, res) => {
        const body = bodies.get(req.url + '|' + req.headers.authorization);
        if (!body) { res.writeHead(404); res.end(); return; }
        res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8', 'Content-Length': body.length });
        res.end(body);
      }).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare server listening'));`;
    const barePort = await freePort();
    const bare = await startChild(['-e', bareSource], { PORT: String(barePort), ANSWERS: join(work, 'answers.json') }, /listening/, 600_000);
    children.push(bare.child);
    const bareUrl = `http://127.0.0.1:${barePort}`;

    const run = async (url: string, token: string, overallRate?: number): Promise<Result> => {
      const result = await autocannon({
        url,
        headers: { Authorization: `Bearer ${token}`, 'Accept-Language': 'mn' },
        connections: CONNECTIONS,
        duration: SECONDS,
        ...(overallRate ? { overallRate } : {}),
      });
      if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) console.log(`  note: ${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`);
      return result;
    };

    console.log(`\nList endpoints (autocannon, ${CONNECTIONS} connections, ${SECONDS} s a run; bare = node:http answering the same bytes, run just before):`);
    const widths = [26, 6, 9, 8, 8, 8, 9, 9, 10, 10];
    console.log(line(['', 'user', 'bytes', 'bare/s', 'app/s', 'of bare', 'bare p99', 'app p99', 'heavy/lt', `p99@${RATE}/s`], widths));
    for (const path of endpoints) {
      const perUser: Record<string, number> = {};
      for (const [name, token] of Object.entries(who)) {
        const baseline = await run(`${bareUrl}${path}`, token);
        const result = await run(`${appUrl}${path}`, token);
        const atRate = await run(`${appUrl}${path}`, token, RATE);
        perUser[name] = result.requests.average;
        const bytes = (await readFile(answers[`${path}|Bearer ${token}`]!)).length;
        const ratio = result.requests.average / baseline.requests.average;
        console.log(
          line(
            [
              name === 'heavy' ? path : '',
              name,
              String(bytes),
              fmt(baseline.requests.average, 0),
              fmt(result.requests.average, 0),
              `${fmt(ratio * 100)} %`,
              fmt(baseline.latency.p99),
              fmt(result.latency.p99),
              name === 'light' && perUser.heavy ? `${fmt((perUser.heavy / result.requests.average) * 100, 0)} %` : '',
              fmt(atRate.latency.p99),
            ],
            widths,
          ),
        );
      }
    }
    console.log('  (heavy/lt: the heavy user\'s req/s as a share of the light user\'s; targets: of bare ≥ 25 %, heavy within 20 % of light, p99 ≤ 20 ms at 1,000 req/s, on PostgreSQL)');
  }

  if (!options['skip-sse'] && streamUsers.length > 0) {
    console.log(`\nEvent stream (GET /api/notifications/stream/, the server process's RSS; ${streamUsers.length} streams of as many users):`);
    const pid = loaded.child.pid!;
    const rssBefore = await rssOf(pid);
    const streams: Stream[] = [];
    const opening = performance.now();
    for (let i = 0; i < streamUsers.length; i += 100) {
      const batch = await Promise.all(streamUsers.slice(i, i + 100).map(async (user) => openStream(appUrl, await tokenOf(user))));
      streams.push(...batch);
    }
    const openMs = performance.now() - opening;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const rssAfter = await rssOf(pid);
    const perStream = (rssAfter - rssBefore) / streams.length;
    console.log(
      `  opened ${streams.length} in ${fmt(openMs / 1000, 1)} s; RSS ${fmt(rssBefore / 2 ** 20, 0)} → ${fmt(rssAfter / 2 ** 20, 0)} MiB: ${fmt(perStream / 1024, 1)} KiB a stream, ` +
        `about ${fmt((perStream * 10_000) / 2 ** 20, 0)} MiB for 10,000`,
    );

    // One change to a user's streams: the heavy user marks one notification read, with 5 streams open.
    const mine = await Promise.all(Array.from({ length: 5 }, () => openStream(appUrl, who.heavy)));
    const latencies: number[] = [];
    for (const id of unreadIds.slice(0, 10)) {
      const before = mine.map((stream) => stream.events);
      const started = performance.now();
      const response = await fetch(`${appUrl}/api/notifications/${id}/read/`, { method: 'POST', headers: { Authorization: `Bearer ${who.heavy}` } });
      await response.arrayBuffer();
      await Promise.all(mine.map((stream, i) => nextEvent(stream, before[i]!)));
      latencies.push(performance.now() - started);
    }
    if (latencies.length > 0) {
      console.log(`  one change (mark read) to the user's 5 streams, request included: median ${fmt(percentile(latencies, 50))} ms, max ${fmt(Math.max(...latencies))} ms over ${latencies.length} (target ≤ 50 ms)`);
    }

    // An event to every stream's user at once: one statement inserts a notification for each; the
    // table's trigger counts them into the users' counters and NOTIFYs each user's new count.
    if (databaseUrl) {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      // A LISTEN of the bench's own, to split the time: the database's part (commit and NOTIFYs
      // delivered) and the server's (fanning out to its streams, and the streams' bytes to this process).
      const listener = new pg.Client({ connectionString: databaseUrl });
      await listener.connect();
      let heard = 0;
      let lastHeard = 0;
      listener.on('notification', () => {
        heard += 1;
        lastHeard = performance.now();
      });
      await listener.query('listen user_notifications');
      const before = streams.map((stream) => stream.events);
      const started = performance.now();
      await client.query(`insert into notifications (user_id, kind, params) select unnest($1::int[]), 'invoice_paid', '{}'`, [streamUsers.map((user) => user.id)]);
      const committed = performance.now() - started;
      await Promise.all(streams.map((stream, i) => nextEvent(stream, before[i]!)));
      const delivered = performance.now() - started;
      console.log(
        `  one event to ${streams.length} users (one statement, committed in ${fmt(committed)} ms; ${heard} NOTIFYs at a listener of the bench's own by ${fmt(lastHeard - started)} ms): ` +
          `every stream had it after ${fmt(delivered)} ms (target: 10,000 users ≤ 1 s)`,
      );
      await listener.end();
      await client.end();
    } else {
      console.log('  an event to N users: PostgreSQL only (run with DATABASE_URL)');
    }
    for (const stream of [...streams, ...mine]) stream.request.destroy();
  }
} finally {
  for (const child of children) await stop(child);
  await dropDatabase?.().catch((error: unknown) => console.error('could not drop the bench database:', error));
  await rm(work, { recursive: true, force: true });
}
