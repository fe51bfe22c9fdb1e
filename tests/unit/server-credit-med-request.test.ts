/**
 * Credit Med, the request side (docs/api.md "Credit Med: request and contract"): the summary and
 * eligibility, the draft's steps (validation, pre-fill, images claimed from the user's own uploads),
 * the submit (idempotent, a contract awaiting signature), the contract text in the request's language,
 * signing (password rules, a wrong then a right code, the hash stored and never answered), and that no
 * endpoint answers another user's request or contract.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeSentSchema, maskPhone } from '../../contract/account.schema';
import { cmContractSchema, cmMessages, cmRequestSchema, cmSubmittedSchema, cmSummarySchema, isSimpleTxPassword } from '../../contract/credit-med-request.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { verifyPassword } from '../../server/auth/password';
import { findUserByEmail, insertUser } from '../../server/auth/users.repo';
import { seedCreditMedRequests } from '../../server/credit-med/request/seed';
import { createTestServer, type TestServer } from '../../server/testing';
import { newKey, send, tokenFor } from './support/purchase';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
const auth = (token: string, extra: Record<string, string> = {}) => ({ Authorization: `Bearer ${token}`, ...extra });
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json()).message.key;

const PERSONAL = { last_name: 'Дорж', first_name: 'Болд', register: 'ИБ91051234', phone: '99120001', email: 'bold@example.com', address: 'Улаанбаатар, СБД, 1-р хороо', gender: 'male' };
const FAMILY = { children: [{ last_name: 'Болд', first_name: 'Тэмүүлэн', register: 'ИБ15230456' }], emergency: { name: 'Сараа', relation: 'эхнэр', phone: '99120002' } };
const DECLARATIONS = { pep: false, no_money_laundering: true, terms: true };

let made = 0;
/** A new eligible user with a phone: its id, token, phone and register (male: an odd ninth digit). */
const newUser = async (eligible = true) => {
  made += 1;
  const register = `ИБ91${String(made).padStart(4, '0')}34`;
  const email = `cm-${randomUUID()}@example.com`;
  const phone = String(80_000_000 + Math.floor(Math.random() * 9_999_999));
  const id = await insertUser(server.db, { email, passwordHash: 'x', name: 'Дорж Болд', partnerId: 900_000 + made, register, phone, creditMedEligible: eligible });
  return { id, token: await tokenFor(server.db, server.secret, email), phone, register };
};

/** Three complete image uploads owned by `owner` (the upload store's rows). */
const images = async (owner: string) => {
  const ids = { idFront: randomUUID(), idBack: randomUUID(), selfie: randomUUID() };
  for (const id of Object.values(ids)) {
    await server.db.query(`insert into uploads (id, owner, kind, filename, size, mime, completed_at) values ($1, $2, 'image', 'id.jpg', 1000, 'image/jpeg', now())`, [id, owner]);
  }
  return ids;
};

const lastCode = async (phone: string) => {
  const response = await app.request(`/api/dev/outbox/?to=${phone}`);
  const [message] = ((await response.json()) as { messages: Array<{ text: string }> }).messages;
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code to ${phone}`);
  return code;
};

/** A user with a complete, submitted request: the contract's id. */
const submitted = async (user: { id: number; token: string }) => {
  expect((await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(user.token))).status).toBe(200);
  expect((await send(app, 'PUT', '/api/credit-med/request/family/', FAMILY, auth(user.token))).status).toBe(200);
  expect((await send(app, 'PUT', '/api/credit-med/request/images/', await images(`user:${user.id}`), auth(user.token))).status).toBe(200);
  expect((await send(app, 'PUT', '/api/credit-med/request/declarations/', DECLARATIONS, auth(user.token))).status).toBe(200);
  const response = await send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token, { 'Idempotency-Key': newKey() }));
  expect(response.status).toBe(200);
  return cmSubmittedSchema.parse(await response.json()).contract_id;
};

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
});
afterAll(async () => server?.close());

describe('credit med: summary and eligibility', () => {
  it('needs a signed-in user', async () => {
    expect((await app.request('/api/credit-med/')).status).toBe(401);
    expect((await app.request('/api/credit-med/request/')).status).toBe(401);
  });

  it('tells a user who is not eligible, and refuses them the request (user2 is seeded not eligible)', async () => {
    const token = await tokenFor(server.db, server.secret, 'user2@example.com');
    const summary = cmSummarySchema.parse(await (await app.request('/api/credit-med/', { headers: auth(token) })).json());
    expect(summary).toEqual({ is_eligible: false, request: null, contract: null, card: null });
    const refused = await app.request('/api/credit-med/request/', { headers: auth(token) });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toBe('errors.creditMedNotEligible');
    expect((await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(token))).status).toBe(403);
  });

  it('shows how far the request got', async () => {
    const user = await newUser();
    const empty = cmSummarySchema.parse(await (await app.request('/api/credit-med/', { headers: auth(user.token) })).json());
    expect(empty).toEqual({ is_eligible: true, request: null, contract: null, card: null });
    await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(user.token));
    await send(app, 'PUT', '/api/credit-med/request/family/', FAMILY, auth(user.token));
    const later = cmSummarySchema.parse(await (await app.request('/api/credit-med/', { headers: auth(user.token) })).json());
    expect(later.request).toEqual({ status: 'draft', steps_done: 2, steps_total: 4, next_step: 'images' });
  });

  it('seeds the users the pages need', async () => {
    const summaryOf = async (email: string) => cmSummarySchema.parse(await (await app.request('/api/credit-med/', { headers: auth(await tokenFor(server.db, server.secret, email)) })).json());
    expect((await summaryOf('cm-new@example.com')).request).toBeNull();
    expect((await summaryOf('cm-resume@example.com')).request).toEqual({ status: 'draft', steps_done: 3, steps_total: 4, next_step: 'declarations' });
    expect((await summaryOf('demo@example.com')).contract?.status).toBe('signed');
    expect((await summaryOf('user2@example.com')).is_eligible).toBe(false);
  });

  it('seeds once: a second run adds no request, contract or image', async () => {
    const counts = async () =>
      (
        await server.db.query<{ requests: number; contracts: number; uploads: number }>(
          `select (select count(*)::int from credit_med_requests) as requests, (select count(*)::int from credit_med_contracts) as contracts,
                  (select count(*)::int from uploads) as uploads`,
        )
      ).rows[0];
    const before = await counts();
    await server.db.transaction((tx) => seedCreditMedRequests(tx));
    expect(await counts()).toEqual(before);
  });
});

describe('credit med: the request draft', () => {
  it('pre-fills from the profile and starts with nothing stored', async () => {
    const user = await newUser();
    const request = cmRequestSchema.parse(await (await app.request('/api/credit-med/request/', { headers: auth(user.token) })).json());
    expect(request.prefill).toMatchObject({ first_name: 'Болд', last_name: 'Дорж', register: user.register, phone: user.phone, gender: 'male' });
    expect(request).toMatchObject({ personal: null, family: null, images: null, declarations: null, contract: null });
  });

  it('is only ever the user\'s own: another user reads and writes theirs alone', async () => {
    const owner = await newUser();
    const other = await newUser();
    await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(owner.token));
    const theirs = cmRequestSchema.parse(await (await app.request('/api/credit-med/request/', { headers: auth(other.token) })).json());
    expect(theirs.personal).toBeNull();
    expect(theirs.prefill.phone).toBe(other.phone);
    const summary = cmSummarySchema.parse(await (await app.request('/api/credit-med/', { headers: auth(other.token) })).json());
    expect(summary.request).toBeNull();
    await send(app, 'PUT', '/api/credit-med/request/personal/', { ...PERSONAL, first_name: 'Өөр' }, auth(other.token));
    const mine = cmRequestSchema.parse(await (await app.request('/api/credit-med/request/', { headers: auth(owner.token) })).json());
    expect(mine.personal?.first_name).toBe('Болд');
  });

  it('validates each step and keeps what was stored', async () => {
    const user = await newUser();
    const bad = await send(app, 'PUT', '/api/credit-med/request/personal/', { ...PERSONAL, phone: '12', email: 'x' }, auth(user.token));
    expect(bad.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await bad.json()).fields ?? {}).sort()).toEqual(['email', 'phone']);
    const saved = await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(user.token));
    expect(cmRequestSchema.parse(await saved.json()).personal).toEqual(PERSONAL);
    const refused = await send(app, 'PUT', '/api/credit-med/request/declarations/', { pep: false, no_money_laundering: false, terms: false }, auth(user.token));
    expect(apiErrorSchema.parse(await refused.json()).fields).toMatchObject({
      no_money_laundering: { key: 'validation.mustDeclare' },
      terms: { key: 'validation.consentRequired' },
    });
  });

  it('claims only the user\'s own complete images', async () => {
    const user = await newUser();
    const other = await newUser();
    const theirs = await images(`user:${other.id}`);
    const refused = await send(app, 'PUT', '/api/credit-med/request/images/', theirs, auth(user.token));
    expect(refused.status).toBe(400);
    expect(Object.keys(apiErrorSchema.parse(await refused.json()).fields ?? {}).sort()).toEqual(['idBack', 'idFront', 'selfie']);
    const mine = await images(`user:${user.id}`);
    const saved = cmRequestSchema.parse(await (await send(app, 'PUT', '/api/credit-med/request/images/', mine, auth(user.token))).json());
    expect(saved.images?.idFront.id).toBe(mine.idFront);
  });

  it('refuses a submit before every step is stored, then makes one contract per user (idempotent by key)', async () => {
    const user = await newUser();
    await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(user.token));
    const early = await send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token, { 'Idempotency-Key': newKey() }));
    expect(early.status).toBe(409);
    expect(await errorOf(early)).toBe('errors.registrationIncomplete');
    const noKey = await send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token));
    expect(noKey.status).toBe(400);
    await send(app, 'PUT', '/api/credit-med/request/family/', FAMILY, auth(user.token));
    const photos = await images(`user:${user.id}`);
    await send(app, 'PUT', '/api/credit-med/request/images/', photos, auth(user.token));
    await send(app, 'PUT', '/api/credit-med/request/declarations/', DECLARATIONS, auth(user.token));
    // Before the submit the store does not refuse the owner (these rows have no file: tus's 404, not the seal's 403).
    expect((await app.request(`/api/uploads/${photos.selfie}`, { method: 'PATCH', headers: auth(user.token, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' }) })).status).not.toBe(403);
    const key = newKey();
    const [first, again] = await Promise.all([
      send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token, { 'Idempotency-Key': key })),
      send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token, { 'Idempotency-Key': key })),
    ]);
    expect([first.status, again.status]).toEqual([200, 200]);
    const id = cmSubmittedSchema.parse(await first.json()).contract_id;
    expect(cmSubmittedSchema.parse(await again.json()).contract_id).toBe(id);
    const other = await send(app, 'POST', '/api/credit-med/request/submit/', {}, auth(user.token, { 'Idempotency-Key': newKey() }));
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toBe('errors.creditMedRequestSubmitted');
    const { rows } = await server.db.query<{ status: string }>('select status from credit_med_contracts where user_id = $1', [user.id]);
    expect(rows).toEqual([{ status: 'awaiting_signature' }]);
    // A submitted request no longer changes.
    expect((await send(app, 'PUT', '/api/credit-med/request/personal/', PERSONAL, auth(user.token))).status).toBe(409);
    // Nor do its identity photos: the store refuses to delete or continue them.
    for (const id of Object.values(photos)) {
      for (const method of ['DELETE', 'PATCH']) {
        const refused = await app.request(`/api/uploads/${id}`, { method, headers: auth(user.token, { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' }) });
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ code: 'upload.sealed' });
      }
    }
    const notes = await server.db.query('select kind from notifications where user_id = $1', [user.id]);
    expect(notes.rows).toEqual([{ kind: 'credit_med_status_changed' }]);
  });
});

describe('credit med: the contract', () => {
  it('answers the text in the request\'s language and only to its owner', async () => {
    const user = await newUser();
    const id = await submitted(user);
    const en = cmContractSchema.parse(await (await app.request(`/api/credit-med/contracts/${id}/`, { headers: auth(user.token, { 'Accept-Language': 'en' }) })).json());
    expect(en.title).toMatch(/^Credit Med contract No\. CM-/);
    expect(en.status).toBe('awaiting_signature');
    expect(en.phone_masked).toBe(maskPhone(user.phone));
    const mn = cmContractSchema.parse(await (await app.request(`/api/credit-med/contracts/${id}/`, { headers: auth(user.token, { 'Accept-Language': 'mn' }) })).json());
    expect(mn.title).toMatch(/^Кредит Мед гэрээ/);
    const stranger = await newUser();
    for (const [method, path, body] of [
      ['GET', `/api/credit-med/contracts/${id}/`, undefined],
      ['POST', `/api/credit-med/contracts/${id}/sign/`, { accept: true, password: '914273', password_confirm: '914273' }],
    ] as const) {
      const response = await send(app, method, path, body, auth(stranger.token));
      expect(response.status, `${method} ${path}`).toBe(404);
    }
  });

  it('has every message of its own translated in both languages', async () => {
    for (const language of ['mn', 'en']) {
      const bundle = JSON.parse(readFileSync(join(import.meta.dirname, `../../src/locales/${language}/validation.json`), 'utf8')) as Record<string, string>;
      for (const key of Object.values(cmMessages)) expect(bundle[key.replace(/^validation\./, '')], `${language} ${key}`).toBeTruthy();
    }
  });

  it('states the password rules', async () => {
    expect(['111111', '123456', '654321'].map(isSimpleTxPassword)).toEqual([true, true, true]);
    expect(isSimpleTxPassword('914273')).toBe(false);
    const user = await newUser();
    const id = await submitted(user);
    const refused = await send(app, 'POST', `/api/credit-med/contracts/${id}/sign/`, { accept: false, password: '123456', password_confirm: '654321' }, auth(user.token));
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(await refused.json()).fields).toMatchObject({
      accept: { key: 'validation.consentRequired' },
      password: { key: 'validation.txPasswordSimple' },
      password_confirm: { key: 'validation.passwordMismatch' },
    });
    const short = await send(app, 'POST', `/api/credit-med/contracts/${id}/sign/`, { accept: true, password: '12a', password_confirm: '12a' }, auth(user.token));
    expect(apiErrorSchema.parse(await short.json()).fields).toMatchObject({ password: { key: 'validation.txPasswordRules' } });
  });

  it('is signed by a right code after a wrong one; the password is stored hashed and never answered', async () => {
    const user = await newUser();
    const id = await submitted(user);
    const started = await send(app, 'POST', `/api/credit-med/contracts/${id}/sign/`, { accept: true, password: '914273', password_confirm: '914273' }, auth(user.token, { 'Idempotency-Key': newKey() }));
    expect(started.status).toBe(200);
    const text = await started.text();
    expect(text).not.toContain('914273');
    const { ticket } = codeSentSchema.parse(JSON.parse(text));
    const code = await lastCode(user.phone);
    const wrong = await send(app, 'POST', '/api/credit-med/signing/confirm/', { ticket, code: code === '000000' ? '111111' : '000000' }, auth(user.token));
    expect(wrong.status).toBe(422);
    expect(await errorOf(wrong)).toBe('errors.codeIncorrect');
    const right = await send(app, 'POST', '/api/credit-med/signing/confirm/', { ticket, code }, auth(user.token, { 'Idempotency-Key': newKey() }));
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ status: 'signed' });
    const { rows } = await server.db.query<{ status: string; transaction_password_hash: string }>('select status, transaction_password_hash from credit_med_contracts where id = $1', [id]);
    expect(rows[0]?.status).toBe('signed');
    expect(rows[0]?.transaction_password_hash).not.toContain('914273');
    expect(await verifyPassword('914273', rows[0]?.transaction_password_hash ?? '')).toBe(true);
    const contract = await (await app.request(`/api/credit-med/contracts/${id}/`, { headers: auth(user.token) })).text();
    expect(contract).not.toMatch(/914273|password_hash|scrypt/);
    const again = await send(app, 'POST', `/api/credit-med/contracts/${id}/sign/`, { accept: true, password: '914273', password_confirm: '914273' }, auth(user.token));
    expect(again.status).toBe(409);
    expect(await errorOf(again)).toBe('errors.creditMedContractSigned');
  });

  it('does not let another user resend or confirm a signing code', async () => {
    const owner = await newUser();
    const ownerContract = await submitted(owner);
    const started = await send(app, 'POST', `/api/credit-med/contracts/${ownerContract}/sign/`, { accept: true, password: '914273', password_confirm: '914273' }, auth(owner.token));
    const { ticket } = codeSentSchema.parse(await started.json());
    const thief = await newUser();
    await submitted(thief);
    for (const [path, body] of [
      ['/api/credit-med/signing/confirm/', { ticket, code: await lastCode(owner.phone) }],
      ['/api/credit-med/signing/resend/', { ticket }],
    ] as const) {
      const response = await send(app, 'POST', path, body, auth(thief.token));
      expect(response.status, path).toBe(422);
      expect(await errorOf(response)).toBe('errors.verificationGone');
    }
    const { rows } = await server.db.query<{ status: string }>('select status from credit_med_contracts where id = $1', [ownerContract]);
    expect(rows[0]?.status).toBe('awaiting_signature');
    expect((await findUserByEmail(server.db, 'demo@example.com'))?.credit_med_eligible).toBe(true);
  });
});

describe('credit med: a forgotten transaction password (issue 24)', () => {
  /** A new user with a signed contract whose transaction password is 582047; its id and token. */
  const signedUser = async () => {
    const user = await newUser();
    const { hashPassword } = await import('../../server/auth/password');
    await server.db.query(`insert into credit_med_contracts (user_id, status, transaction_password_hash, signed_at) values ($1, 'signed', $2, now())`, [user.id, await hashPassword('582047')]);
    return user;
  };
  const post = (path: string, body: unknown, token: string) => send(app, 'POST', `/api/credit-med/tx-password/reset/${path}`, body, auth(token));

  it('sends a code to the account phone, then takes a new password once the code is accepted, and ends the pre-claim lock', async () => {
    const user = await signedUser();
    const started = await post('', {}, user.token);
    expect(started.status).toBe(200);
    const { ticket } = codeSentSchema.parse(await started.json());
    // The 60 s between codes holds here too.
    expect((await post('resend/', { ticket }, user.token)).status).toBe(429);
    // No new password before the code is accepted.
    expect(await errorOf(await post('password/', { ticket, password: '730591', password_confirm: '730591' }, user.token))).toBe('errors.verificationGone');
    const code = await lastCode(user.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post('verify/', { ticket, code: wrong }, user.token)).status).toBe(422);
    expect((await post('verify/', { ticket, code }, user.token)).status).toBe(200);
    // The password's rules and the confirmation are checked by the server.
    const simple = await post('password/', { ticket, password: '123456', password_confirm: '123456' }, user.token);
    expect(simple.status).toBe(400);
    const mismatch = apiErrorSchema.parse(await (await post('password/', { ticket, password: '730591', password_confirm: '730592' }, user.token)).json());
    expect(mismatch.fields?.password_confirm?.key).toBe('validation.passwordMismatch');
    // Three wrong passwords had locked pre-claims.
    await server.db.query(`insert into throttle_counters (bucket, key, hits, window_start) values ('credit-med-transaction-password', $1, 3, now())`, [String(user.id)]);
    expect((await post('password/', { ticket, password: '730591', password_confirm: '730591' }, user.token)).status).toBe(200);
    const { rows } = await server.db.query<{ hash: string }>('select transaction_password_hash as hash from credit_med_contracts where user_id = $1', [user.id]);
    expect(await verifyPassword('730591', rows[0]?.hash ?? '')).toBe(true);
    expect(await verifyPassword('582047', rows[0]?.hash ?? '')).toBe(false);
    const { rows: counters } = await server.db.query('select 1 from throttle_counters where bucket = $1 and key = $2', ['credit-med-transaction-password', String(user.id)]);
    expect(counters).toEqual([]);
    // The ticket is used up.
    expect(await errorOf(await post('password/', { ticket, password: '730591', password_confirm: '730591' }, user.token))).toBe('errors.verificationGone');
  });

  it("refuses another user's ticket, a user without a signed contract, and a user who is not eligible", async () => {
    const owner = await signedUser();
    const other = await signedUser();
    const { ticket } = codeSentSchema.parse(await (await post('', {}, owner.token)).json());
    expect(await errorOf(await post('verify/', { ticket, code: await lastCode(owner.phone) }, other.token))).toBe('errors.verificationGone');
    expect((await post('', {}, (await newUser()).token)).status).toBe(404);
    expect((await post('', {}, (await newUser(false)).token)).status).toBe(403);
    expect((await app.request('/api/credit-med/tx-password/reset/', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(401);
  });
});
