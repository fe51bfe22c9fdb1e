/**
 * The mining registration API against an in-memory database: the roster check and its SPEC messages,
 * the code (start, resend and confirm idempotent by key, per caller), the draft (one per person,
 * resumed by another confirmation), each step's validation, the images claimed from the upload store,
 * the submit (idempotent, and refused for a second registration of the same person even when two
 * race), and the expiry of drafts with their images.
 */
import { createHmac } from 'node:crypto';
import { deleteUploadsOf } from '../../server/uploads/uploads.repo';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeSentSchema } from '../../contract/account.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { draftAccessSchema, draftSchema, programmeSchema, submittedSchema, type UploadedFile } from '../../contract/mining.schema';
import { badRequest } from '../../server/http/errors';
import { draftTokenFor } from '../../server/mining/drafts.repo';
import { sweepExpiredDrafts } from '../../server/mining/draft-sweeper';
import type { MiningUploads } from '../../server/mining/mining.routes';
import { MINING_ALREADY_REGISTERED, MINING_OTHER_PHONE, MINING_ROSTER, type RosterEmployee } from '../../server/mining/seed';
import { createTestServer, postJson, type TestServer } from '../../server/testing';
import { temporaryUploadStore } from '../../server/uploads/store';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

/** The upload store as the draft sees it: uploads made by owner, claimed by id (a test double of server/uploads/). */
const stored = new Map<string, UploadedFile & { owner: string }>();
const deleted: string[] = [];
const uploads: MiningUploads = {
  claim: async (_db, { owner, ids }) => {
    const refused = Object.entries(ids).filter(([, id]) => stored.get(id)?.owner !== owner);
    if (refused.length) throw badRequest(Object.fromEntries(refused.map(([field]) => [field, { key: 'upload.notUploaded' }])));
    return Object.values(ids).map((id) => {
      const file = stored.get(id)!;
      return { id: file.id, filename: file.filename, size: file.size, mime: file.mime };
    });
  },
  deleteOf: async (owner) => {
    deleted.push(owner);
  },
};

let server: TestServer;
let app: ReturnType<TestServer['app']>;
const people = [...MINING_ROSTER];
const takePerson = (): RosterEmployee => {
  const person = people.shift();
  if (!person) throw new Error('no roster employee left for this test');
  return person;
};

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(app, path, body, headers);
const put = (path: string, body: unknown, token: string) =>
  app.request(path, { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Draft-Token': token }, body: JSON.stringify(body) });
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json());
const lastCode = async (phone: string) => {
  const response = await app.request(`/api/dev/outbox/?to=${phone}`);
  const [message] = ((await response.json()) as { messages: Array<{ text: string }> }).messages;
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code to ${phone}`);
  return code;
};
const age = (phone: string, seconds: number) => post('/api/dev/codes/age/', { phone, seconds });

/** Roster check, code, confirm: the draft token. */
const confirmPhone = async (person: Pick<RosterEmployee, 'register' | 'phone'>) => {
  const started = await post('/api/mining/start/', { register: person.register, phone: person.phone });
  expect(started.status).toBe(200);
  const { ticket } = codeSentSchema.parse(await started.json());
  const confirmed = await post('/api/mining/start/confirm/', { ticket, code: await lastCode(person.phone) });
  expect(confirmed.status).toBe(200);
  return draftAccessSchema.parse(await confirmed.json()).access;
};
const getDraft = async (token: string) => {
  const response = await app.request('/api/mining/draft/', { headers: { 'X-Draft-Token': token } });
  expect(response.status).toBe(200);
  return draftSchema.parse(await response.json());
};

const insurer = { last_name: 'Дорж', first_name: 'Батбаяр', email: 'b@example.com', address: 'Ханбогд сум, 2-р баг', employee_number: 'OT-1001' };
const beneficiaries = {
  beneficiaries: [
    { last_name: 'Дорж', first_name: 'Сараа', register: 'ОТ10251234', relationship: 17, share: 60 },
    { last_name: 'Дорж', first_name: 'Тулга', register: 'ОТ15230456', relationship: 5, share: 40 },
  ],
  children: [{ last_name: 'Батбаяр', first_name: 'Тулга', register: 'ОТ15230456' }],
};
const uploadFor = (token: string, name: string): string => {
  const id = `upload-${name}-${Math.random().toString(36).slice(2)}`;
  stored.set(id, { id, filename: `${name}.jpg`, size: 1234, mime: 'image/jpeg', owner: `mining:${token.split('.')[0]}` });
  return id;
};
const fillDraft = async (token: string) => {
  expect((await put('/api/mining/draft/insurer/', insurer, token)).status).toBe(200);
  expect((await put('/api/mining/draft/beneficiaries/', beneficiaries, token)).status).toBe(200);
  const images = { idFront: uploadFor(token, 'front'), idBack: uploadFor(token, 'back'), selfie: uploadFor(token, 'selfie') };
  expect((await put('/api/mining/draft/images/', images, token)).status).toBe(200);
};
const submit = (token: string, key: string) => post('/api/mining/draft/submit/', {}, { 'X-Draft-Token': token, 'Idempotency-Key': key });

beforeAll(async () => {
  server = await createTestServer();
  app = server.app({ miningUploads: uploads });
});
afterAll(async () => server?.close());

describe('programme', () => {
  it('says what the programme covers in both languages', async () => {
    const response = await app.request('/api/mining/programme/');
    expect(response.status).toBe(200);
    const programme = programmeSchema.parse(await response.json());
    expect(programme.covers.length).toBeGreaterThan(0);
    expect(programme.covers[0]?.label.mn).toMatch(/[А-Яа-яӨөҮү]/);
    expect(programme.covers[0]?.label.en).toMatch(/[A-Za-z]/);
  });
});

describe('roster check', () => {
  it('refuses someone not on the roster and a phone that is not the roster phone with one answer, byte for byte', async () => {
    const ask = async (body: object) => {
      const response = await post('/api/mining/start/', body);
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const unknown = await ask({ register: 'ЖЖ90010112', phone: MINING_OTHER_PHONE.typedPhone });
    const wrongPhone = await ask({ register: MINING_OTHER_PHONE.register, phone: MINING_OTHER_PHONE.typedPhone });
    expect(unknown.status).toBe(422);
    // The one answer says where to check both and whom to call (errors.rosterNoMatch, both languages).
    expect(apiErrorSchema.parse(JSON.parse(unknown.body)).message).toEqual({ key: 'errors.rosterNoMatch' });
    expect(wrongPhone).toEqual(unknown);
  });

  it('throttles the look-up per register number and per address, counted before it, with Retry-After', async () => {
    const behindProxy = server.app({ miningUploads: uploads, trustedProxies: 1 });
    const start = (body: object, address: string) => postJson(behindProxy, '/api/mining/start/', body, { 'X-Forwarded-For': address });
    const expectTryAgain = async (response: Response) => {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(800);
      expect((await errorOf(response)).message).toEqual({ key: 'errors.tryAgainIn', values: { minutes: 15 } });
    };
    // Ten phone guesses for one employee from ten addresses; the 11th, with the right phone, sends no code.
    const person = takePerson();
    for (let i = 0; i < 10; i++) expect((await start({ register: person.register, phone: `9500${String(7000 + i)}` }, `192.0.2.${i + 1}`)).status).toBe(422);
    await expectTryAgain(await start({ register: person.register, phone: person.phone }, '192.0.2.50'));
    const { messages } = (await (await behindProxy.request(`/api/dev/outbox/?to=${person.phone}`)).json()) as { messages: unknown[] };
    expect(messages).toHaveLength(0);
    // One address asking about thirty register numbers: the 31st is refused.
    for (let i = 0; i < 30; i++) expect((await start({ register: `ЮЯ900101${String(i).padStart(2, '0')}`, phone: '95009999' }, '198.51.100.77')).status).toBe(422);
    await expectTryAgain(await start({ register: 'ЮЯ90010150', phone: '95009999' }, '198.51.100.77'));
  });

  it('refuses someone already registered', async () => {
    const response = await post('/api/mining/start/', MINING_ALREADY_REGISTERED);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).message.key).toBe('errors.alreadyRegistered');
  });

  it('names the invalid fields', async () => {
    const response = await post('/api/mining/start/', { register: 'AB12', phone: '12' });
    expect(response.status).toBe(400);
    const body = await errorOf(response);
    expect(body.fields?.register?.key).toBe('validation.register');
    expect(body.fields?.phone?.key).toBe('validation.phone');
  });

  it('keeps the resend wait of the account codes', async () => {
    const person = takePerson();
    expect((await post('/api/mining/start/', { register: person.register, phone: person.phone })).status).toBe(200);
    const again = await post('/api/mining/start/', { register: person.register, phone: person.phone });
    expect(again.status).toBe(429);
    expect((await errorOf(again)).message.key).toBe('errors.resendTooSoon');
  });

  it('refuses a wrong code with the tries left', async () => {
    const person = takePerson();
    const { ticket } = codeSentSchema.parse(await (await post('/api/mining/start/', { register: person.register, phone: person.phone })).json());
    const code = await lastCode(person.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const response = await post('/api/mining/start/confirm/', { ticket, code: wrong });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ message: { key: 'errors.codeIncorrect', values: { attempts: 4 } } });
  });
});

describe('idempotency keys on the start, the resend and the confirm', () => {
  const outboxCount = async (phone: string) =>
    ((await (await app.request(`/api/dev/outbox/?to=${phone}`)).json()) as { messages: unknown[] }).messages.length;
  const keyed = (key: string) => ({ 'Idempotency-Key': key });

  it('answers a repeated start with the same key with the first ticket and sends one code', async () => {
    const person = takePerson();
    const body = { register: person.register, phone: person.phone };
    const first = await post('/api/mining/start/', body, keyed('start-key-000000001'));
    expect(first.status).toBe(200);
    const { ticket } = codeSentSchema.parse(await first.json());
    const replay = await post('/api/mining/start/', body, keyed('start-key-000000001'));
    expect(replay.status).toBe(200);
    expect(codeSentSchema.parse(await replay.json()).ticket).toBe(ticket);
    expect(await outboxCount(person.phone)).toBe(1);
    // The same key with another request is a conflict; a new key is a new start (refused inside the wait).
    const conflict = await post('/api/mining/start/', { ...body, ticket }, keyed('start-key-000000001'));
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict)).message.key).toBe('errors.idempotencyConflict');
    expect((await post('/api/mining/start/', body, keyed('start-key-000000002'))).status).toBe(429);
    expect(await outboxCount(person.phone)).toBe(1);
    expect((await post('/api/mining/start/', body, keyed('bad key'))).status).toBe(400);
  });

  it('keeps a key to its caller: the same key from another address does not answer the first ticket', async () => {
    const behindProxy = server.app({ miningUploads: uploads, trustedProxies: 1 });
    const person = takePerson();
    const body = { register: person.register, phone: person.phone };
    const from = (address: string) => ({ ...keyed('shared-key-00000001'), 'X-Forwarded-For': address });
    const first = await postJson(behindProxy, '/api/mining/start/', body, from('203.0.113.7'));
    expect(first.status).toBe(200);
    const { ticket } = codeSentSchema.parse(await first.json());
    const replay = await postJson(behindProxy, '/api/mining/start/', body, from('203.0.113.7'));
    expect(codeSentSchema.parse(await replay.json()).ticket).toBe(ticket);
    // Another caller's request is a start of its own (refused inside the resend wait), not a replay.
    const other = await postJson(behindProxy, '/api/mining/start/', body, from('198.51.100.9'));
    expect(other.status).toBe(429);
    expect((await errorOf(other)).message.key).toBe('errors.resendTooSoon');
  });

  it('sends one code for a resend repeated with the same key, and opens one draft for a repeated confirm', async () => {
    const person = takePerson();
    const { ticket } = codeSentSchema.parse(await (await post('/api/mining/start/', { register: person.register, phone: person.phone })).json());
    await age(person.phone, 120);
    const resent = await post('/api/mining/start/resend/', { ticket }, keyed('resend-key-00000001'));
    expect(resent.status).toBe(200);
    const replay = await post('/api/mining/start/resend/', { ticket }, keyed('resend-key-00000001'));
    expect(replay.status).toBe(200);
    expect(codeSentSchema.parse(await replay.json()).ticket).toBe(ticket);
    expect(await outboxCount(person.phone)).toBe(2);
    const conflict = await post('/api/mining/start/resend/', { ticket: `${ticket}x` }, keyed('resend-key-00000001'));
    expect(conflict.status).toBe(409);
    expect((await errorOf(conflict)).message.key).toBe('errors.idempotencyConflict');

    const code = await lastCode(person.phone);
    const confirmed = await post('/api/mining/start/confirm/', { ticket, code }, keyed('confirm-key-0000001'));
    expect(confirmed.status).toBe(200);
    const { access } = draftAccessSchema.parse(await confirmed.json());
    // Without the key the ticket is spent; with it the retry answers the same draft.
    expect((await post('/api/mining/start/confirm/', { ticket, code })).status).toBe(422);
    const again = await post('/api/mining/start/confirm/', { ticket, code }, keyed('confirm-key-0000001'));
    expect(again.status).toBe(200);
    expect(draftAccessSchema.parse(await again.json()).access).toBe(access);
    expect((await getDraft(access)).register).toBe(person.register);
  });
});

describe('the draft', () => {
  it('answers the roster details, the birth date and gender of the register number', async () => {
    const person = takePerson();
    const draft = await getDraft(await confirmPhone(person));
    expect(draft).toMatchObject({ register: person.register, phone: person.phone, insurer: null, beneficiaries: null, images: null, submitted: null });
    expect(draft.roster).toMatchObject({ last_name: person.last_name, first_name: person.first_name, employee_number: person.employee_number });
    expect(draft.birth_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(['male', 'female']).toContain(draft.gender);
  });

  it('refuses a missing or forged token', async () => {
    const missing = await app.request('/api/mining/draft/');
    expect(missing.status).toBe(422);
    expect((await errorOf(missing)).message.key).toBe('errors.verificationGone');
    const forged = await app.request('/api/mining/draft/', { headers: { 'X-Draft-Token': '00000000-0000-4000-8000-000000000001.abc' } });
    expect(forged.status).toBe(422);
  });

  it('validates each step and keeps what was saved', async () => {
    const token = await confirmPhone(takePerson());
    const badInsurer = await put('/api/mining/draft/insurer/', { ...insurer, email: 'nope', address: '' }, token);
    expect(badInsurer.status).toBe(400);
    const insurerErrors = await errorOf(badInsurer);
    expect(insurerErrors.fields?.email?.key).toBe('validation.emailInvalid');
    expect(insurerErrors.fields?.address?.key).toBe('validation.fieldRequired');
    expect((await put('/api/mining/draft/insurer/', insurer, token)).status).toBe(200);

    const short = { ...beneficiaries, beneficiaries: [{ ...beneficiaries.beneficiaries[0], share: 50 }, beneficiaries.beneficiaries[1]] };
    const badShares = await put('/api/mining/draft/beneficiaries/', short, token);
    expect(badShares.status).toBe(400);
    expect((await errorOf(badShares)).fields?.beneficiaries).toEqual({ key: 'validation.sharesTotal', values: { total: 90 } });
    const badRelationship = await put('/api/mining/draft/beneficiaries/', { ...beneficiaries, beneficiaries: [{ ...beneficiaries.beneficiaries[0], relationship: 20, share: 100 }] }, token);
    expect((await errorOf(badRelationship)).fields?.['beneficiaries.0.relationship']?.key).toBe('validation.relationship');

    const draft = await getDraft(token);
    expect(draft.insurer).toEqual(insurer);
    expect(draft.beneficiaries).toBeNull();
  });

  it('claims only the draft owner’s uploads as images', async () => {
    const token = await confirmPhone(takePerson());
    const other = await confirmPhone(takePerson());
    const images = { idFront: uploadFor(token, 'front'), idBack: uploadFor(other, 'back'), selfie: uploadFor(token, 'selfie') };
    const response = await put('/api/mining/draft/images/', images, token);
    expect(response.status).toBe(400);
    expect(Object.keys((await errorOf(response)).fields ?? {})).toEqual(['idBack']);
    expect((await getDraft(token)).images).toBeNull();
  });

  it('is continued by another device that confirms the same phone', async () => {
    const person = takePerson();
    const first = await confirmPhone(person);
    expect((await put('/api/mining/draft/insurer/', insurer, first)).status).toBe(200);
    await age(person.phone, 120);
    const second = await confirmPhone(person);
    expect((await getDraft(second)).insurer).toEqual(insurer);
    expect(second.split('.')[0]).toBe(first.split('.')[0]);
  });
});

describe('submit', () => {
  it('refuses an incomplete draft and a missing idempotency key', async () => {
    const token = await confirmPhone(takePerson());
    const noKey = await post('/api/mining/draft/submit/', {}, { 'X-Draft-Token': token });
    expect(noKey.status).toBe(400);
    const incomplete = await submit(token, 'incomplete-key-0001');
    expect(incomplete.status).toBe(409);
    expect((await errorOf(incomplete)).message.key).toBe('errors.registrationIncomplete');
  });

  it('seals the identity photos with the registration: the draft owner can no longer delete them, and the draft clean-up leaves them', async () => {
    const token = await confirmPhone(takePerson());
    await fillDraft(token);
    const draftId = token.split('.')[0];
    const { rows: drafts } = await server.db.query<{ images: Record<string, { id: string }> }>('select images from mining_drafts where id = $1', [draftId]);
    const ids = Object.values(drafts[0]?.images ?? {}).map((image) => image.id);
    expect(ids).toHaveLength(3);
    // The upload store's rows of those photos (this file's store is a stand-in that keeps none).
    for (const id of ids) {
      await server.db.query(`insert into uploads (id, owner, kind, filename, size, mime, completed_at, claimed_at) values ($1, $2, 'image', 'id.jpg', 1234, 'image/jpeg', now(), now())`, [
        id,
        `mining:${draftId}`,
      ]);
    }
    expect((await submit(token, 'sealed-submit-key-01')).status).toBe(200);
    const { rows } = await server.db.query<{ sealed: boolean }>('select sealed_at is not null as sealed from uploads where id = any($1::text[])', [ids]);
    expect(rows.map((row) => row.sealed)).toEqual([true, true, true]);
    expect(await deleteUploadsOf(server.db, `mining:${draftId}`)).toBe(0);
  });

  it('registers once: a replay answers the same reference, another registration is refused', async () => {
    const person = takePerson();
    const token = await confirmPhone(person);
    await fillDraft(token);
    const response = await submit(token, 'submit-key-00000001');
    expect(response.status).toBe(200);
    const done = submittedSchema.parse(await response.json());
    expect(done.reference).toMatch(/^OT-\d{4}-\d{6}$/);
    const replay = await submit(token, 'submit-key-00000001');
    expect(submittedSchema.parse(await replay.json()).reference).toBe(done.reference);
    const other = await submit(token, 'submit-key-00000002');
    expect(other.status).toBe(409);
    expect((await errorOf(other)).message.key).toBe('errors.alreadyRegistered');
    const { rows } = await server.db.query<{ reference: string }>('select reference from mining_registrations where draft_id = $1', [token.split('.')[0]]);
    expect(rows[0]?.reference).toBe(done.reference);
    // The submission ends the token: it reads the draft no more, and a late save is refused.
    const read = await app.request('/api/mining/draft/', { headers: { 'X-Draft-Token': token } });
    expect(read.status).toBe(422);
    expect((await errorOf(read)).message.key).toBe('errors.verificationGone');
    expect((await put('/api/mining/draft/insurer/', insurer, token)).status).toBe(409);

    await age(person.phone, 120);
    const again = await post('/api/mining/start/', { register: person.register, phone: person.phone });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message.key).toBe('errors.alreadyRegistered');
  });

  it('refuses the second of two concurrent submits of the same person', async () => {
    const token = await confirmPhone(takePerson());
    await fillDraft(token);
    const answers = await Promise.all([submit(token, 'race-key-000000001'), submit(token, 'race-key-000000002')]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect((await errorOf(refused!)).message.key).toBe('errors.alreadyRegistered');
    const { rows } = await server.db.query<{ n: number }>(
      "select count(*)::int as n from mining_registrations r join mining_drafts d on d.id = r.draft_id where d.id = $1",
      [token.split('.')[0]],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('refuses a second registration row of the same person in the database itself', async () => {
    await expect(
      server.db.query("insert into mining_registrations (id, register, reference) values ('00000000-0000-4000-8000-0000000000aa', $1, 'OT-X-1')", [
        MINING_ALREADY_REGISTERED.register,
      ]),
    ).rejects.toThrow();
  });
});

describe('expiry', () => {
  it('deletes drafts 30 days after their last change, with their images', async () => {
    const token = await confirmPhone(takePerson());
    const id = token.split('.')[0];
    const { rows } = await server.db.query<{ days: number }>('select round(extract(epoch from expires_at - now()) / 86400)::int as days from mining_drafts where id = $1', [id]);
    expect(rows[0]?.days).toBe(30);
    await server.db.query("update mining_drafts set expires_at = now() - interval '1 second' where id = $1", [id]);
    const gone = await app.request('/api/mining/draft/', { headers: { 'X-Draft-Token': token } });
    expect(gone.status).toBe(422);
    expect(await sweepExpiredDrafts(server.db, uploads)).toBeGreaterThanOrEqual(1);
    expect(deleted).toContain(`mining:${id}`);
    const { rows: left } = await server.db.query('select 1 from mining_drafts where id = $1', [id]);
    expect(left).toHaveLength(0);
  });
});

describe('images in the real upload store', () => {
  /** A 1×1 PNG. */
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const b64 = (value: string) => Buffer.from(value).toString('base64');

  const real = () => server.app({ uploadStore: temporaryUploadStore().store });
  const uploadTo = (store: ReturnType<typeof real>) => async (token: string, name: string) => {
    const created = await store.request('/api/uploads/', {
      method: 'POST',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(png.length), 'Upload-Metadata': `kind ${b64('image')},filename ${b64(name)}`, 'X-Draft-Token': token },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    const id = location.split('/').filter(Boolean).at(-1) ?? '';
    const patched = await store.request(`/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'X-Draft-Token': token },
      body: png,
    });
    expect(patched.status).toBe(204);
    return id;
  };
  /** What the token reaches: the draft (GET), an upload's tus HEAD and its content (GET). */
  const reach = async (store: ReturnType<typeof real>, token: string, uploadId: string) => ({
    draft: (await store.request('/api/mining/draft/', { headers: { 'X-Draft-Token': token } })).status,
    head: (await store.request(`/api/uploads/${uploadId}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', 'X-Draft-Token': token } })).status,
    content: (await store.request(`/api/uploads/${uploadId}/content`, { headers: { 'X-Draft-Token': token } })).status,
  });

  it('takes uploads made with the draft token, and shows them to that draft only', async () => {
    const store = real();
    const upload = uploadTo(store);
    const token = await confirmPhone(takePerson());
    const stranger = await confirmPhone(takePerson());
    const ids = { idFront: await upload(token, 'front.png'), idBack: await upload(token, 'back.png'), selfie: await upload(token, 'selfie.png') };
    const saved = await store.request('/api/mining/draft/images/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Draft-Token': token },
      body: JSON.stringify(ids),
    });
    expect(saved.status).toBe(200);
    expect(draftSchema.parse(await saved.json()).images).toMatchObject({ idFront: { id: ids.idFront, filename: 'front.png', mime: 'image/png', size: png.length } });

    const mine = await store.request(`/api/uploads/${ids.selfie}/content`, { headers: { 'X-Draft-Token': token } });
    expect(mine.status).toBe(200);
    expect(Buffer.from(await mine.arrayBuffer()).equals(png)).toBe(true);
    expect((await store.request(`/api/uploads/${ids.selfie}/content`, { headers: { 'X-Draft-Token': stranger } })).status).toBe(404);
    expect((await store.request(`/api/uploads/${ids.selfie}/content`)).status).toBe(401);
    // Another draft cannot claim them either.
    const stolen = await store.request('/api/mining/draft/images/', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-Draft-Token': stranger },
      body: JSON.stringify(ids),
    });
    expect(stolen.status).toBe(400);
  });

  it('ends a draft token at its expiry: it reads neither the draft nor its uploads', async () => {
    const store = real();
    const token = await confirmPhone(takePerson());
    const [id = '', expires = '', mac = ''] = token.split('.');
    // Issued for 12 hours, signed with the draft id.
    expect(Number(expires) - Date.now() / 1000).toBeGreaterThan(12 * 3600 - 60);
    expect(Number(expires) - Date.now() / 1000).toBeLessThanOrEqual(12 * 3600);
    const selfie = await uploadTo(store)(token, 'selfie.png');
    expect(await reach(store, token, selfie)).toEqual({ draft: 200, head: 200, content: 200 });
    // The same draft and signing key, an expiry just past: refused everywhere.
    const expired = draftTokenFor(server.secret, id, Math.floor(Date.now() / 1000) - 1);
    expect(await reach(store, expired, selfie)).toEqual({ draft: 422, head: 401, content: 401 });
    // The expiry is signed: moved forward, the old signature no longer fits.
    expect(await reach(store, `${id}.${Number(expires) + 86_400}.${mac}`, selfie)).toEqual({ draft: 422, head: 401, content: 401 });
    // A token of the older form, without an expiry, is refused too.
    const oldForm = `${id}.${createHmac('sha256', server.secret).update(`mining-draft:${id}`).digest('base64url')}`;
    expect(await reach(store, oldForm, selfie)).toEqual({ draft: 422, head: 401, content: 401 });
  });

  it('ends a draft token when the registration is submitted: it reads neither the draft nor its uploads', async () => {
    const store = real();
    const upload = uploadTo(store);
    const token = await confirmPhone(takePerson());
    const ids = { idFront: await upload(token, 'front.png'), idBack: await upload(token, 'back.png'), selfie: await upload(token, 'selfie.png') };
    const save = (path: string, body: unknown) =>
      store.request(path, { method: 'PUT', headers: { 'Content-Type': 'application/json', 'X-Draft-Token': token }, body: JSON.stringify(body) });
    expect((await save('/api/mining/draft/insurer/', insurer)).status).toBe(200);
    expect((await save('/api/mining/draft/beneficiaries/', beneficiaries)).status).toBe(200);
    expect((await save('/api/mining/draft/images/', ids)).status).toBe(200);
    expect(await reach(store, token, ids.idFront)).toEqual({ draft: 200, head: 200, content: 200 });
    const submitted = await postJson(store, '/api/mining/draft/submit/', {}, { 'X-Draft-Token': token, 'Idempotency-Key': 'ended-submit-key-01' });
    expect(submitted.status).toBe(200);
    const { reference } = submittedSchema.parse(await submitted.json());
    for (const id of Object.values(ids)) expect(await reach(store, token, id)).toEqual({ draft: 422, head: 401, content: 401 });
    // A submit retried with its key after a lost answer still gets its reference (and nothing else).
    const retried = await postJson(store, '/api/mining/draft/submit/', {}, { 'X-Draft-Token': token, 'Idempotency-Key': 'ended-submit-key-01' });
    expect(submittedSchema.parse(await retried.json()).reference).toBe(reference);
  });
});
