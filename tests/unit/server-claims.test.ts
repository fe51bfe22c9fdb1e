/**
 * The claims API (docs/api.md "Claims") against an in-memory database: the policies to claim on, one
 * draft per policy continued from anywhere, each step's validation, documents from the upload store
 * (owner only, kind document), submit (idempotent, complete claims only, late flag, stage notification),
 * the scripted reviewer, the list (newest first, paged) and detail, the seeded stages, and every
 * endpoint refusing a second user's token.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addWorkingDays, claimListSchema, claimPoliciesSchema, claimSchema, CLAIMS_PAGE_SIZE, decisionDueOf, type Claim } from '../../contract/claim.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { todayInMongolia } from '../../contract/insurance.schema';
import { reviewReceivedClaims } from '../../server/claims/claims.repo';
import { createTestServer, type TestServer } from '../../server/testing';
import { temporaryUploadStore } from '../../server/uploads/store';
import { newKey, send, tokenFor } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
let demo: Record<string, string>;
let other: Record<string, string>;

const daysAgo = (days: number) => new Date(Date.parse(todayInMongolia()) - days * 86_400_000).toISOString().slice(0, 10);
const EVENT = { treatment_start: daysAgo(5), treatment_end: daysAgo(3), hospital: 'Интермед', diagnosis: 'Шагайн гэмтэл', amount: 850_000 };
const PAYOUT = { bank: 'khan', account_number: '5012345678', account_holder: 'Дорж Бат-Эрдэнэ' };

const call = (method: string, path: string, auth: Record<string, string>, body?: unknown, headers: Record<string, string> = {}) =>
  send(app, method, path, body, { ...auth, ...headers });
const claimOf = async (response: Response): Promise<Claim> => claimSchema.parse(await response.json());
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json());

/** A finished upload of kind document (PDF bytes) by the token's user; its id. */
const uploadPdf = async (auth: Record<string, string>, size = 2048, filename = 'receipt.pdf') => {
  const body = Buffer.alloc(size, 32);
  Buffer.from('%PDF-1.7\n').copy(body);
  const tus = { ...auth, 'Tus-Resumable': '1.0.0' };
  const created = await app.request('/api/uploads/', {
    method: 'POST',
    headers: {
      ...tus,
      'Upload-Length': String(size),
      'Upload-Metadata': `kind ${Buffer.from('document').toString('base64')},filename ${Buffer.from(filename).toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const location = new URL(created.headers.get('location') ?? '', 'http://x').pathname;
  const patched = await app.request(location, { method: 'PATCH', headers: { ...tus, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }, body });
  expect(patched.status).toBe(204);
  return location.split('/').pop() ?? '';
};

const tusCall = (method: string, id: string, auth: Record<string, string>, headers: Record<string, string> = {}, body?: Buffer) =>
  app.request(`/api/uploads/${id}`, { method, headers: { ...auth, 'Tus-Resumable': '1.0.0', ...headers }, ...(body ? { body: new Uint8Array(body) } : {}) });

/** Every file of a sent claim stays in the store as sent: readable, never continued nor deleted through tus. */
const expectSealed = async (claimId: number, auth: Record<string, string>) => {
  const { rows } = await server.db.query<{ upload_id: string }>('select upload_id from claim_documents where claim_id = $1 and upload_id is not null', [claimId]);
  expect(rows.length).toBeGreaterThan(0);
  for (const { upload_id: id } of rows) {
    const removed = await tusCall('DELETE', id, auth);
    expect(removed.status).toBe(403);
    expect(await removed.json()).toMatchObject({ code: 'upload.sealed', message: { key: 'upload.sealed' } });
    expect((await tusCall('PATCH', id, auth, { 'Upload-Offset': '2048', 'Content-Type': 'application/offset+octet-stream' }, Buffer.alloc(16))).status).toBe(403);
    expect((await tusCall('HEAD', id, auth)).status).toBe(200);
    expect((await app.request(`/api/uploads/${id}/content`, { headers: auth })).status).toBe(200);
  }
};

const policyOf = async (auth: Record<string, string>, contractNumber: string) => {
  const { policies } = claimPoliciesSchema.parse(await (await call('GET', '/api/claims/policies/', auth)).json());
  const policy = policies.find((entry) => entry.contract_number === contractNumber);
  if (!policy) throw new Error(`no policy ${contractNumber}`);
  return policy;
};

/** A draft with every step and document stored. */
const completeDraft = async (auth: Record<string, string>, contractNumber = 'LI-2023-000184', event = EVENT, claimType = 'accident') => {
  const policy = await policyOf(auth, contractNumber);
  const draft = await claimOf(await call('POST', '/api/claims/', auth, { policy_id: policy.id }));
  expect((await call('PUT', `/api/claims/${draft.id}/type/`, auth, { claim_type: claimType })).status).toBe(200);
  expect((await call('PUT', `/api/claims/${draft.id}/event/`, auth, event)).status).toBe(200);
  const saved = await claimOf(await call('PUT', `/api/claims/${draft.id}/payout/`, auth, PAYOUT));
  let claim = saved;
  for (const type of saved.required_documents) {
    claim = await claimOf(await call('POST', `/api/claims/${draft.id}/documents/`, auth, { upload_id: await uploadPdf(auth), document_type: type }));
  }
  return claim;
};

beforeAll(async () => {
  server = await createTestServer();
  app = server.app({ uploadStore: temporaryUploadStore().store });
  demo = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
  other = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'user2@example.com')}` };
});
afterAll(async () => {
  await server.close();
});

describe('claims: seeded demo data', () => {
  it('lists the demo user\'s claims in every stage, newest first, one refused with amount and reason', async () => {
    const list = claimListSchema.parse(await (await call('GET', '/api/claims/', demo)).json());
    const stages = list.claims.map((claim) => `${claim.stage}${claim.outcome ? `:${claim.outcome}` : ''}`);
    expect(stages).toEqual(expect.arrayContaining(['received', 'review', 'resolved:paid', 'resolved:refused']));
    const dates = list.claims.map((claim) => claim.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const refused = list.claims.find((claim) => claim.outcome === 'refused');
    const detail = await claimOf(await call('GET', `/api/claims/${refused?.id}/`, demo, undefined, { 'Accept-Language': 'en' }));
    expect(detail.refused_amount).toBe(1_200_000);
    expect(detail.refused_reason).toMatch(/14 days/);
    // Its notification says it was refused, not only that it was resolved.
    const { rows: notes } = await server.db.query<{ params: Record<string, string> }>(
      "select params from notifications where kind = 'claim_stage_changed' and params->>'claim_number' = $1",
      [refused?.claim_number],
    );
    expect(notes.map((note) => note.params)).toEqual([{ claim_number: refused?.claim_number, stage: 'resolved', outcome: 'refused' }]);
    const review = list.claims.find((claim) => claim.stage === 'review');
    expect((await claimOf(await call('GET', `/api/claims/${review?.id}/`, demo))).requested_documents).toEqual(['medical_report']);
  });

  it('gives the second user none of them', async () => {
    const list = claimListSchema.parse(await (await call('GET', '/api/claims/', other)).json());
    expect(list.claims).toEqual([]);
  });
});

describe('claims: drafts', () => {
  it('offers only the user\'s active policies, with the claim types of their covers', async () => {
    const { policies } = claimPoliciesSchema.parse(await (await call('GET', '/api/claims/policies/', demo)).json());
    expect(policies.map((policy) => policy.contract_number).sort()).toEqual(['LI-2023-000184', 'TS-2022-004512']);
    expect(policies.find((policy) => policy.contract_number === 'TS-2022-004512')?.claim_types).toEqual(['death', 'disability']);
  });

  it('keeps one draft per policy: a second start (another device) continues it', async () => {
    const policy = await policyOf(demo, 'TS-2022-004512');
    const first = await call('POST', '/api/claims/', demo, { policy_id: policy.id });
    expect(first.status).toBe(201);
    const draft = await claimOf(first);
    await call('PUT', `/api/claims/${draft.id}/type/`, demo, { claim_type: 'disability' });
    const again = await call('POST', '/api/claims/', demo, { policy_id: policy.id });
    expect(again.status).toBe(200);
    const continued = await claimOf(again);
    expect(continued.id).toBe(draft.id);
    expect(continued.claim_type).toBe('disability');
    const list = claimListSchema.parse(await (await call('GET', '/api/claims/', demo)).json());
    expect(list.claims.find((claim) => claim.id === draft.id)?.status).toBe('draft');
    expect((await call('DELETE', `/api/claims/${draft.id}/`, demo)).status).toBe(204);
    expect((await call('GET', `/api/claims/${draft.id}/`, demo)).status).toBe(404);
  });

  it('does not list a draft opened with nothing saved in it; the first saved step lists it', async () => {
    const policy = await policyOf(demo, 'TS-2022-004512');
    const draft = await claimOf(await call('POST', '/api/claims/', demo, { policy_id: policy.id }));
    const listed = async () => claimListSchema.parse(await (await call('GET', '/api/claims/', demo)).json());
    const before = await listed();
    expect(before.claims.map((claim) => claim.id)).not.toContain(draft.id);
    // The draft itself is still there to continue.
    expect((await call('GET', `/api/claims/${draft.id}/`, demo)).status).toBe(200);
    await call('PUT', `/api/claims/${draft.id}/type/`, demo, { claim_type: 'disability' });
    const after = await listed();
    expect(after.claims.find((claim) => claim.id === draft.id)).toMatchObject({ status: 'draft', decision_due: null });
    expect(after.claims).toHaveLength(before.claims.length + 1);
    await call('DELETE', `/api/claims/${draft.id}/`, demo);
  });

  it('refuses a policy that is not the user\'s or not active', async () => {
    const mine = await policyOf(demo, 'LI-2023-000184');
    expect((await call('POST', '/api/claims/', other, { policy_id: mine.id })).status).toBe(404);
    const { rows } = await server.db.query<{ id: number }>("select id from policies where contract_number = 'CF-2021-000907'");
    expect((await call('POST', '/api/claims/', demo, { policy_id: rows[0]?.id })).status).toBe(404);
  });

  it('validates each step and keeps field errors per field', async () => {
    const policy = await policyOf(demo, 'TS-2022-004512');
    const draft = await claimOf(await call('POST', '/api/claims/', demo, { policy_id: policy.id }));
    const type = await call('PUT', `/api/claims/${draft.id}/type/`, demo, { claim_type: 'treatment' });
    expect(type.status).toBe(400);
    expect((await errorOf(type)).fields?.claim_type?.key).toBe('claims.errors.typeNotCovered');
    const future = new Date(Date.parse(todayInMongolia()) + 3 * 86_400_000).toISOString().slice(0, 10);
    const event = await call('PUT', `/api/claims/${draft.id}/event/`, demo, { ...EVENT, amount: 0, hospital: '' });
    expect(event.status).toBe(400);
    const fields = (await errorOf(event)).fields ?? {};
    expect(fields.amount?.key).toBe('validation.minValue');
    expect(fields.hospital?.key).toBe('validation.fieldRequired');
    // No amount typed is a missing field, as the page shows it; letters are not a whole number.
    expect((await errorOf(await call('PUT', `/api/claims/${draft.id}/event/`, demo, { ...EVENT, amount: '' }))).fields?.amount?.key).toBe('validation.fieldRequired');
    expect((await errorOf(await call('PUT', `/api/claims/${draft.id}/event/`, demo, { ...EVENT, amount: 'abc' }))).fields?.amount?.key).toBe('validation.integer');
    const later = await call('PUT', `/api/claims/${draft.id}/event/`, demo, { ...EVENT, treatment_end: future });
    expect((await errorOf(later)).fields?.treatment_end?.key).toBe('claims.errors.dateInFuture');
    const reversed = await call('PUT', `/api/claims/${draft.id}/event/`, demo, { ...EVENT, treatment_start: daysAgo(2), treatment_end: daysAgo(4) });
    expect((await errorOf(reversed)).fields?.treatment_end?.key).toBe('claims.errors.endBeforeStart');
    const payout = await call('PUT', `/api/claims/${draft.id}/payout/`, demo, { bank: 'nope', account_number: '12ab', account_holder: '' });
    expect(Object.keys((await errorOf(payout)).fields ?? {}).sort()).toEqual(['account_holder', 'account_number', 'bank']);
    await call('DELETE', `/api/claims/${draft.id}/`, demo);
  });
});

describe('claims: documents and submit', () => {
  it('attaches only the user\'s own finished document uploads and removes them from a draft', async () => {
    const policy = await policyOf(demo, 'TS-2022-004512');
    const draft = await claimOf(await call('POST', '/api/claims/', demo, { policy_id: policy.id }));
    const strangers = await uploadPdf(other);
    const refused = await call('POST', `/api/claims/${draft.id}/documents/`, demo, { upload_id: strangers, document_type: 'id_card' });
    expect(refused.status).toBe(400);
    expect((await errorOf(refused)).fields?.upload_id?.key).toBe('upload.notUploaded');
    const added = await claimOf(await call('POST', `/api/claims/${draft.id}/documents/`, demo, { upload_id: await uploadPdf(demo, 4096, 'id.pdf'), document_type: 'id_card' }));
    expect(added.documents.map((document) => [document.document_type, document.filename, document.size, document.mime])).toEqual([['id_card', 'id.pdf', 4096, 'application/pdf']]);
    const removed = await claimOf(await call('DELETE', `/api/claims/${draft.id}/documents/${added.documents[0]?.id}/`, demo));
    expect(removed.documents).toEqual([]);
    await call('DELETE', `/api/claims/${draft.id}/`, demo);
  });

  it('refuses to send an incomplete draft, sends a complete one once per key, and the reviewer moves it on', async () => {
    const policy = await policyOf(demo, 'LI-2023-000184');
    const draft = await claimOf(await call('POST', '/api/claims/', demo, { policy_id: policy.id }));
    const incomplete = await call('POST', `/api/claims/${draft.id}/submit/`, demo, {}, { 'Idempotency-Key': newKey() });
    expect(incomplete.status).toBe(409);
    expect((await errorOf(incomplete)).message.key).toBe('claims.errors.incomplete');
    const claim = await completeDraft(demo);
    expect(claim.id).toBe(draft.id);
    const key = newKey();
    const sent = await claimOf(await call('POST', `/api/claims/${claim.id}/submit/`, demo, {}, { 'Idempotency-Key': key }));
    expect(sent).toMatchObject({ status: 'sent', stage: 'received', late: false });
    expect(sent.claim_number).toMatch(/^CL-\d{4}-\d{6}$/);
    // The expected decision: 10 working days after the day it was sent (in Ulaanbaatar).
    expect(sent.decision_due).toBe(decisionDueOf(todayInMongolia(new Date(sent.sent_at ?? ''))));
    expect(draft.decision_due).toBeNull();
    const listedSent = claimListSchema.parse(await (await call('GET', '/api/claims/', demo)).json()).claims.find((entry) => entry.id === claim.id);
    expect(listedSent?.decision_due).toBe(sent.decision_due);
    const replay = await claimOf(await call('POST', `/api/claims/${claim.id}/submit/`, demo, {}, { 'Idempotency-Key': key }));
    expect(replay.claim_number).toBe(sent.claim_number);
    const second = await call('POST', `/api/claims/${claim.id}/submit/`, demo, {}, { 'Idempotency-Key': newKey() });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message.key).toBe('claims.errors.alreadySent');
    expect((await call('PUT', `/api/claims/${claim.id}/payout/`, demo, PAYOUT)).status).toBe(409);
    await expectSealed(claim.id, demo);

    const { rows: notes } = await server.db.query<{ params: { claim_number: string; stage: string }; link: string }>(
      "select params, link from notifications where kind = 'claim_stage_changed' and params->>'claim_number' = $1 order by id",
      [sent.claim_number],
    );
    expect(notes).toEqual([{ params: { claim_number: sent.claim_number, stage: 'received' }, link: `/user/claim/detail/${claim.id}` }]);

    expect(await reviewReceivedClaims(server.db, 0)).toBe(1);
    const reviewed = await claimOf(await call('GET', `/api/claims/${claim.id}/`, demo));
    expect(reviewed.stage).toBe('review');
    expect(reviewed.review_at).not.toBeNull();
    const { rows: after } = await server.db.query<{ n: number }>(
      "select count(*)::int as n from notifications where kind = 'claim_stage_changed' and params->>'stage' = 'review' and params->>'claim_number' = $1",
      [sent.claim_number],
    );
    expect(after[0]?.n).toBe(1);
    // Seeded claims are not moved by the script.
    expect(await reviewReceivedClaims(server.db, 0)).toBe(0);
  });

  it('flags a claim sent more than 14 days after the treatment as late', async () => {
    const claim = await completeDraft(demo, 'TS-2022-004512', { ...EVENT, treatment_start: daysAgo(40), treatment_end: daysAgo(30) }, 'disability');
    const sent = await claimOf(await call('POST', `/api/claims/${claim.id}/submit/`, demo, {}, { 'Idempotency-Key': newKey() }));
    expect(sent.late).toBe(true);
  });

  it('lets the user add a requested document to a claim under review, not to other sent claims', async () => {
    const list = claimListSchema.parse(await (await call('GET', '/api/claims/', demo)).json());
    const review = list.claims.find((claim) => claim.claim_number?.endsWith('-000097'));
    const resolved = list.claims.find((claim) => claim.outcome === 'paid');
    const added = await claimOf(await call('POST', `/api/claims/${review?.id}/documents/`, demo, { upload_id: await uploadPdf(demo), document_type: 'medical_report' }));
    expect(added.requested_documents).toEqual([]);
    expect(added.documents.at(-1)?.after_sending).toBe(true);
    await expectSealed(Number(review?.id), demo);
    const closed = await call('POST', `/api/claims/${resolved?.id}/documents/`, demo, { upload_id: await uploadPdf(demo), document_type: 'medical_report' });
    expect(closed.status).toBe(409);
  });
});

describe('claims: a second user', () => {
  it('can neither read nor change the demo user\'s claims and drafts', async () => {
    const policy = await policyOf(demo, 'TS-2022-004512');
    const draft = await claimOf(await call('POST', '/api/claims/', demo, { policy_id: policy.id }));
    const upload = await uploadPdf(other);
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/claims/${draft.id}/`],
      ['PUT', `/api/claims/${draft.id}/type/`, { claim_type: 'death' }],
      ['PUT', `/api/claims/${draft.id}/event/`, EVENT],
      ['PUT', `/api/claims/${draft.id}/payout/`, PAYOUT],
      ['POST', `/api/claims/${draft.id}/documents/`, { upload_id: upload, document_type: 'id_card' }],
      ['DELETE', `/api/claims/${draft.id}/documents/1/`],
      ['POST', `/api/claims/${draft.id}/submit/`, {}],
      ['DELETE', `/api/claims/${draft.id}/`],
    ];
    for (const [method, path, body] of attempts) {
      const response = await call(method, path, other, body, { 'Idempotency-Key': newKey() });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const still = await claimOf(await call('GET', `/api/claims/${draft.id}/`, demo));
    expect(still.claim_type).toBeNull();
    // The demo user's document uploads cannot be read by the second user either.
    const mine = await uploadPdf(demo);
    expect((await app.request(`/api/uploads/${mine}/content`, { headers: other })).status).toBe(404);
    expect((await app.request(`/api/uploads/${mine}/content`, { headers: demo })).status).toBe(200);
    await call('DELETE', `/api/claims/${draft.id}/`, demo);
  });

  it('needs a token on every endpoint', async () => {
    for (const [method, path] of [['GET', '/api/claims/'], ['GET', '/api/claims/policies/'], ['POST', '/api/claims/'], ['GET', '/api/claims/1/']] as const) {
      expect((await call(method, path, {}, method === 'POST' ? { policy_id: 1 } : undefined)).status).toBe(401);
    }
  });
});

describe('claims: the expected decision date', () => {
  it('counts 10 working days, Monday to Friday, after the day of sending', () => {
    // Thursday 2026-11-26 → Thursday 2026-12-10 (two weekends skipped).
    expect(decisionDueOf('2026-11-26')).toBe('2026-12-10');
    // Sent on a Saturday: the next Monday is the first working day.
    expect(decisionDueOf('2026-11-28')).toBe('2026-12-11');
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30');
    expect(addWorkingDays('2026-11-27', 0)).toBe('2026-11-27');
  });
});

describe('claims: paging', () => {
  it('answers 20 a page, newest first, each claim exactly once while claims are added between pages', async () => {
    const { rows: users } = await server.db.query<{ id: number }>("select id from users where email = 'user2@example.com'");
    const { rows: policies } = await server.db.query<{ id: number }>("select id from policies where contract_number = 'AC-2024-011236'");
    for (let index = 0; index < 22; index += 1) {
      await server.db.query(
        `insert into claims (user_id, policy_id, status, claim_number, stage, claim_type, insured_name, sent_at, received_at, created_at)
         values ($1, $2, 'sent', $3, 'received', 'accident', 'x', now() - $4::int * interval '1 day', now(), now())`,
        [users[0]?.id, policies[0]?.id, `CL-TEST-${index}`, index],
      );
    }
    const first = claimListSchema.parse(await (await call('GET', '/api/claims/', other)).json());
    expect(first.claims).toHaveLength(CLAIMS_PAGE_SIZE);
    expect(first.claims[0]?.claim_number).toBe('CL-TEST-0');
    expect(first.next).toMatch(/^\d+-\d+$/);
    // A claim sent meanwhile is newer than the cursor: it does not push one onto the next page twice.
    await server.db.query(
      `insert into claims (user_id, policy_id, status, claim_number, stage, claim_type, insured_name, sent_at, received_at, created_at)
       values ($1, $2, 'sent', 'CL-TEST-NEW', 'received', 'accident', 'x', now(), now(), now())`,
      [users[0]?.id, policies[0]?.id],
    );
    const second = claimListSchema.parse(await (await call('GET', `/api/claims/?before=${first.next}`, other)).json());
    const older = second.claims.map((claim) => claim.claim_number).filter((number) => number?.startsWith('CL-TEST-'));
    expect(older).toEqual(['CL-TEST-20', 'CL-TEST-21']);
    const seen = [...first.claims, ...second.claims].map((claim) => claim.id);
    expect(new Set(seen).size).toBe(seen.length);
    expect(second.next).toBeNull();
    // The new claim heads the first page.
    expect(claimListSchema.parse(await (await call('GET', '/api/claims/', other)).json()).claims[0]?.claim_number).toBe('CL-TEST-NEW');
  });

  it('refuses a cursor it did not make: a 400 on `before`', async () => {
    for (const bad of ['abc', '1-', '-1', '1.5-2', `${'9'.repeat(18)}-1`]) {
      const response = await call('GET', `/api/claims/?before=${encodeURIComponent(bad)}`, other);
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message: { key: 'errors.invalidRequest' }, fields: { before: { key: 'validation.listCursor', values: {} } } },
      });
    }
  });
});
