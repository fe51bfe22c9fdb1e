/**
 * Issue 27: a list page costs the same for a user with thousands of rows as for a light one. With a
 * heavy user's rows in the database (and the statistics read), the plan of every paged list query
 * reads its page from an index in the list's order: no sequential scan of the table and no sort of
 * all the user's rows, on the first page and on a page after a cursor.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimPageSql, claimPolicyPageSql } from '../../server/claims/claims.repo';
import { contractPageSql } from '../../server/contracts/contracts.repo';
import { feedbackPageSql } from '../../server/feedback/feedback.repo';
import { notificationPageSql } from '../../server/notifications/notifications.repo';
import { dueFeesSql } from '../../server/fees/fees.repo';
import { contractPrefixPattern } from '../../server/insurance';
import { createTestServer, testDatabaseKind, type TestServer } from '../../server/testing';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let heavy: number;
let register: string;
let phone: string;

interface PlanNode {
  'Node Type': string;
  'Sort Method'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

const treeOf = async (sql: string, params: unknown[]) => {
  const { rows } = await server.db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
};

const nameOf = (node: PlanNode) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim();

/** The plan's nodes, as "Node Type relation/index". */
const planOf = async (sql: string, params: unknown[]) => nodesOf(await treeOf(sql, params)).map(nameOf);

/**
 * The scans of `table` whose rows a Sort reads without a Limit between them (a sort of all the rows
 * they find). A nested loop's inner side is looked up once per row of its outer side, so it sorts no
 * more rows than that side brings.
 */
const sortedScansOf = (node: PlanNode, table: string, inSort = false): string[] => {
  if (node['Node Type'] === 'Limit') inSort = false;
  const here = inSort && node['Relation Name'] === table ? [nameOf(node)] : [];
  const children = (node.Plans ?? []).map((child, index) => [child, index > 0 && node['Node Type'] === 'Nested Loop'] as const);
  return [...here, ...children.flatMap(([child, inner]) => (inner ? sortedScansOf(child, table) : sortedScansOf(child, table, inSort || node['Node Type'] === 'Sort')))];
};

const hasLimit = (node: PlanNode): boolean => node['Node Type'] === 'Limit' || (node.Plans ?? []).some(hasLimit);

/** The sorts that are not bounded: neither a top-N under the limit right above it, nor a sort of what a limit below it let through. */
const unboundedSorts = (node: PlanNode, parent?: PlanNode): string[] => [
  ...(node['Node Type'] === 'Sort' && parent?.['Node Type'] !== 'Limit' && !hasLimit(node) ? [nameOf(node)] : []),
  ...(node.Plans ?? []).flatMap((child) => unboundedSorts(child, node)),
];

/**
 * A page of a user's visible policies (visiblePolicyPageIds: the contracts list, the claims' policy
 * choice): each half read on its own index in the list's order, no sort of the user's policies;
 * with a contract-number search a half's matches may come from its index (bitmap), and only the
 * page's top N of them is kept (a bounded sort).
 */
const expectPolicyPagePlan = (tree: PlanNode, plan: string[], search: string | null) => {
  if (search === null) {
    expect(plan.filter((node) => / policies$/.test(node))).toEqual([]);
    expect(plan).toContainEqual(expect.stringMatching(/^Index (Only )?Scan policies_user_start_idx/));
    expect(plan).toContainEqual(expect.stringMatching(/^Index (Only )?Scan policies_insured_start_idx/));
    expect(sortedScansOf(tree, 'policies')).toEqual([]);
  } else {
    expect(plan).toContainEqual(expect.stringMatching(/^(Bitmap )?Index (Only )?Scan policies_user_start_idx/));
    expect(plan).toContainEqual(expect.stringMatching(/^(Bitmap )?Index (Only )?Scan policies_insured_start_idx/));
    expect(unboundedSorts(tree), plan.join(' / ')).toEqual([]);
  }
};

beforeAll(async () => {
  server = await createTestServer();
  const { rows } = await server.db.query<{ id: number }>("select id from users where email = 'user2@example.com'");
  heavy = rows[0]!.id;
  const { rows: policies } = await server.db.query<{ id: number }>('select id from policies where user_id = $1 limit 1', [heavy]);
  // 5,000 notifications and 2,000 sent claims for one user, spread over years, and a few for everyone else.
  await server.db.query(
    `insert into notifications (user_id, kind, params, created_at)
     select $1, 'invoice_paid', '{}', now() - n * interval '3 hours' from generate_series(1, 5000) n`,
    [heavy],
  );
  await server.db.query(
    `insert into claims (user_id, policy_id, status, claim_number, stage, claim_type, insured_name, sent_at, received_at, created_at)
     select $1, $2, 'sent', 'CL-PLAN-' || n, 'received', 'accident', 'x', now() - n * interval '1 day', now(), now() - n * interval '1 day'
       from generate_series(1, 2000) n`,
    [heavy, policies[0]!.id],
  );
  // 2,000 policies of the heavy user's account, 2,000 insuring their register number with their phone,
  // and 20,000 of other people.
  const { rows: person } = await server.db.query<{ register: string; phone: string }>('select register, phone from users where id = $1', [heavy]);
  register = person[0]!.register;
  phone = person[0]!.phone;
  await server.db.query(
    `insert into policies (user_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status, insured_register, insured_phone)
     select case when n <= 2000 then $1::int when n > 4000 then (select min(id) from users) end, 'PLAN-' || n,
            (select product_id from policies where user_id = $1::int limit 1), date '2026-01-01' - n % 5000, date '2040-01-01', 10000, 'monthly', 'active',
            case when n between 2001 and 4000 then $2::text when n > 4000 then 'ЖЖ' || lpad(n::text, 8, '0') end,
            case when n between 2001 and 4000 then $3::text when n > 4000 then lpad(n::text, 8, '9') end
       from generate_series(1, 24000) n`,
    [heavy, register, phone],
  );
  await server.db.query(
    `insert into feedback (user_id, kind, policy_id, text, created_at)
     select $1, 'question', case when n % 2 = 0 then $2::int end, 'Plan ' || n, now() - n * interval '2 hours' from generate_series(1, 2000) n`,
    [heavy, policies[0]!.id],
  );
  // Each of the heavy user's 4,000 policies has an overdue fee, a due one, an upcoming one and a paid one.
  await server.db.query(
    `insert into fee_schedule (policy_id, seq, due_date, amount, paid_at)
     select p.id, k, case k when 1 then date '2025-12-01' - p.id % 300 when 2 then date '2026-01-10' when 3 then date '2026-06-01' else date '2025-06-01' end,
            10000, case when k = 4 then now() end
       from policies p, generate_series(1, 4) k where p.contract_number like 'PLAN-%' and (p.user_id = $1::int or p.insured_register = $2)`,
    [heavy, register],
  );
  await server.db.query('analyze feedback');
  await server.db.query('analyze policies');
  await server.db.query('analyze fee_schedule');
  await server.db.query('analyze notifications');
  await server.db.query('analyze claims');
});
afterAll(async () => {
  await server?.close();
});

describe(`list query plans (${testDatabaseKind()})`, () => {
  it('notifications: a page is read from the (user, created_at, id) index, without a sort', async () => {
    const { rows } = await server.db.query<{ id: number }>('select id from notifications where user_id = $1 order by created_at desc, id desc offset 2500 limit 1', [heavy]);
    for (const plan of [await planOf(notificationPageSql(false), [heavy, 21]), await planOf(notificationPageSql(true), [heavy, 21, rows[0]!.id])]) {
      expect(plan.filter((node) => node.includes('notifications'))).not.toContainEqual(expect.stringMatching(/^Seq Scan|^Bitmap/));
      expect(plan).toContainEqual(expect.stringMatching(/^Index (Only )?Scan notifications_user_created_idx/));
      expect(plan).not.toContainEqual(expect.stringMatching(/Sort/));
    }
  });

  it('claims: a page is read from the (user, date, id) index, without a sort', async () => {
    const { rows } = await server.db.query<{ micros: string; id: number }>(
      `select (extract(epoch from coalesce(sent_at, created_at)) * 1000000)::bigint::text as micros, id from claims
        where user_id = $1 order by coalesce(sent_at, created_at) desc, id desc offset 1000 limit 1`,
      [heavy],
    );
    const cursor = rows[0]!;
    for (const plan of [await planOf(claimPageSql('mn', false), [heavy, 21]), await planOf(claimPageSql('mn', true), [heavy, 21, cursor.micros, cursor.id])]) {
      expect(plan.filter((node) => / claims$/.test(node))).toEqual([]);
      expect(plan).toContainEqual(expect.stringMatching(/^Index Scan claims_user_idx/));
      expect(plan).not.toContainEqual(expect.stringMatching(/Sort/));
    }
  });

  it('contracts: each half of a page, searched or not, is read from its index in the list order, and only a page of rows is sorted', async () => {
    const { rows } = await server.db.query<{ micros: string; id: number }>(
      `select (extract(epoch from start_date) * 1000000)::bigint::text as micros, id from policies where user_id = $1 order by start_date desc, id desc offset 1000 limit 1`,
      [heavy],
    );
    for (const search of [null, contractPrefixPattern('plan-1')]) {
      const params = [heavy, register, phone, 21, '2026-01-01', '2026-02-01', search];
      for (const [sql, args] of [[contractPageSql('mn', false), params], [contractPageSql('mn', true), [...params, rows[0]!.micros, rows[0]!.id]]] as const) {
        const tree = await treeOf(sql, [...args]);
        const plan = nodesOf(tree).map(nameOf);
        expect(plan).not.toContainEqual(expect.stringMatching(/^Seq Scan policies/));
        expect(sortedScansOf(tree, 'fee_schedule')).toEqual([]);
        expectPolicyPagePlan(tree, plan, search);
      }
    }
  });

  it('feedback: a page is read from the (user, created_at, id) index, its policies by key, without a sort', async () => {
    const { rows } = await server.db.query<{ micros: string; id: number }>(
      `select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from feedback where user_id = $1 order by created_at desc, id desc offset 1000 limit 1`,
      [heavy],
    );
    for (const plan of [await planOf(feedbackPageSql('mn', false), [heavy, 21]), await planOf(feedbackPageSql('mn', true), [heavy, 21, rows[0]!.micros, rows[0]!.id])]) {
      expect(plan.filter((node) => / (feedback|policies)$/.test(node))).toEqual([]);
      expect(plan).toContainEqual(expect.stringMatching(/^Index Scan feedback_user_created_idx/));
      expect(plan).not.toContainEqual(expect.stringMatching(/Sort/));
    }
  });

  it('policies to claim on: each half of a page, searched or not, is read from its index in the list order; only a page is sorted', async () => {
    const { rows } = await server.db.query<{ micros: string; id: number }>(
      `select (extract(epoch from start_date) * 1000000)::bigint::text as micros, id from policies where user_id = $1 order by start_date desc, id desc offset 1000 limit 1`,
      [heavy],
    );
    for (const search of [null, contractPrefixPattern('plan-1')]) {
      const params = [heavy, register, phone, 21, search];
      for (const [sql, args] of [[claimPolicyPageSql('mn', false), params], [claimPolicyPageSql('mn', true), [...params, rows[0]!.micros, rows[0]!.id]]] as const) {
        const tree = await treeOf(sql, [...args]);
        const plan = nodesOf(tree).map(nameOf);
        expect(plan).not.toContainEqual(expect.stringMatching(/^Seq Scan policies/));
        expectPolicyPagePlan(tree, plan, search);
      }
    }
  });

  it('due fees: the policies in force from their indexes, their unpaid fees from fee_schedule_unpaid_idx, and only a top-N sort', async () => {
    const params = [heavy, register, phone, 24, '2026-01-01', '2026-02-01'];
    const tree = await treeOf(dueFeesSql('mn'), params);
    const plan = nodesOf(tree).map(nameOf);
    expect(plan.filter((node) => /^Seq Scan (policies|fee_schedule)$/.test(node))).toEqual([]);
    expect(plan).toContainEqual(expect.stringMatching(/^(Bitmap )?Index (Only )?Scan fee_schedule_unpaid_idx/));
    expect(plan).toContainEqual(expect.stringMatching(/^(Bitmap )?Index (Only )?Scan policies_user_start_idx/));
    expect(plan).toContainEqual(expect.stringMatching(/^(Bitmap )?Index (Only )?Scan policies_insured_start_idx/));
    // The fees are looked up per policy (a nested loop's inner side), never read for everyone and joined after.
    const feeScans = (node: PlanNode, inner = false): { inner: boolean; name: string }[] => [
      ...(/fee_schedule/.test(nameOf(node)) && node['Node Type'] !== 'Subquery Scan' ? [{ inner, name: nameOf(node) }] : []),
      ...(node.Plans ?? []).flatMap((child, index) => feeScans(child, inner || (node['Node Type'] === 'Nested Loop' && index > 0))),
    ];
    expect(feeScans(tree).length).toBeGreaterThan(0);
    expect(feeScans(tree).filter((scan) => !scan.inner)).toEqual([]);
    expect(unboundedSorts(tree), plan.join(' / ')).toEqual([]);
    const { rows } = await server.db.query<{ 'QUERY PLAN': unknown }>(`explain (analyze, format json) ${dueFeesSql('mn')}`, params);
    const raw = rows[0]?.['QUERY PLAN'];
    const analysed = ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[])[0]!.Plan;
    const methods = nodesOf(analysed).filter((node) => node['Node Type'] === 'Sort').map((node) => node['Sort Method']);
    expect(methods).toContain('top-N heapsort');
    expect(methods.filter((method) => method !== 'top-N heapsort' && method !== 'quicksort')).toEqual([]);
  });
});
