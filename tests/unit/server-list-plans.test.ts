/**
 * Issue 27: a list page costs the same for a user with thousands of rows as for a light one. With a
 * heavy user's rows in the database (and the statistics read), the plan of every paged list query
 * reads its page from an index in the list's order: no sequential scan of the table and no sort of
 * all the user's rows, on the first page and on a page after a cursor.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimPageSql } from '../../server/claims/claims.repo';
import { notificationPageSql } from '../../server/notifications/notifications.repo';
import { createTestServer, testDatabaseKind, type TestServer } from '../../server/testing';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let heavy: number;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan's nodes, as "Node Type relation/index". */
const planOf = async (sql: string, params: unknown[]) => {
  const { rows } = await server.db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, params);
  const raw = rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  return nodesOf(plan[0]!.Plan).map((node) => `${node['Node Type']} ${node['Index Name'] ?? node['Relation Name'] ?? ''}`.trim());
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
});
