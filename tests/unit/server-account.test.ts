/**
 * The account API against an in-memory database: registration with a code, recovery, settings, and
 * the limits on codes (resend wait, attempts, expiry) the server enforces whatever the page does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountSchema, codeSentSchema, profileSavedSchema } from '../../contract/account.schema';
import { tokenResponseSchema } from '../../contract/auth.schema';
import { apiErrorSchema } from '../../contract/error.schema';
import { DEMO_POLICYHOLDERS, type DemoPolicyholder } from '../../server/account/seed';
import { createOutboxSender, Outbox } from '../../server/account/sms';
import { createTestServer, postJson, type TestServer } from '../../server/testing';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
let nextIp = 1;
const fromNewAddress = () => ({ 'X-Forwarded-For': `203.0.113.${nextIp++}` });

/** Each test takes its own policyholder, so one test's codes and waits never touch another's. */
const unregistered = [...DEMO_POLICYHOLDERS.filter((person) => person.productId !== null)];
const takePerson = (): DemoPolicyholder => {
  const person = unregistered.shift();
  if (!person) throw new Error('no demo policyholder left for this test');
  return person;
};
const withoutPolicy = DEMO_POLICYHOLDERS.find((person) => person.productId === null)!;
const demo = { email: 'demo@example.com', password: 'demo1234', register: 'УБ90061512', phone: '99112233' };
const second = { email: 'user2@example.com', password: 'user1234', register: 'ЧД88120345', phone: '88094512' };

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(app, path, body, headers);
const json = async (response: Response) => (await response.json()) as Record<string, unknown>;
const errorOf = async (response: Response) => apiErrorSchema.parse(await response.json());
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

const outbox = async (phone: string) => {
  const response = await app.request(`/api/dev/outbox/?to=${phone}`);
  return ((await response.json()) as { messages: Array<{ to: string; text: string }> }).messages;
};
/** The code in the newest message to `phone`. */
const lastCode = async (phone: string) => {
  const [message] = await outbox(phone);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no code in the newest message to ${phone}: ${message?.text}`);
  return code;
};
const age = (phone: string, seconds: number) => post('/api/dev/codes/age/', { phone, seconds });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

const registrationOf = (person: DemoPolicyholder, email = `${person.partnerId}@example.com`) => ({
  email,
  password: 'secret12',
  register: person.register,
  phone: person.phone,
});

const startRegistration = async (person: DemoPolicyholder, headers: Record<string, string> = {}) => {
  const response = await post('/api/account/register/', registrationOf(person), headers);
  expect(response.status).toBe(200);
  return codeSentSchema.parse(await response.json());
};

const login = (email: string, password: string) => post('/api/token/', { email, password }, fromNewAddress());
const tokenFor = async (email: string, password: string) => tokenResponseSchema.parse(await json(await login(email, password))).access;
const verify = (token: string) => post('/api/token/verify/', { token });

beforeAll(async () => {
  server = await createTestServer();
  // The outbox without the log lines: the tests read the messages from it.
  app = server.app({ trustedProxies: 1, account: { exposeOutbox: true, sms: createOutboxSender(new Outbox(), () => {}) } });
});
afterAll(() => server?.close());

describe('registration', () => {
  it('sends a 6-digit code to the phone in the contract and signs the person in when it is confirmed', async () => {
    const person = takePerson();
    const sent = await startRegistration(person, { 'Accept-Language': 'en' });
    expect(sent).toMatchObject({ resend_in: 60, expires_in: 300 });
    const [message] = await outbox(person.phone);
    expect(message?.text).toMatch(/^Nar Life: your registration code is \d{6}\. It expires in 5 minutes\./);

    const confirmed = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) });
    expect(confirmed.status).toBe(200);
    const { access } = tokenResponseSchema.parse(await confirmed.json());
    const account = await app.request('/api/account/', { headers: bearer(access) });
    expect(accountSchema.parse(await account.json())).toEqual({
      email: `${person.partnerId}@example.com`,
      name: person.name,
      register: person.register,
      phone: person.phone,
      language: 'en',
    });
    // The person's policies now belong to the account, and the password works for logging in.
    const { rows } = await server.db.query<{ user_id: number | null }>('select user_id from policies where partner_id = $1', [person.partnerId]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.user_id !== null)).toBe(true);
    expect((await login(`${person.partnerId}@example.com`, 'secret12')).status).toBe(200);
    // The code is single use.
    const again = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) });
    expect(await errorOf(again)).toEqual({ message: { key: 'errors.verificationGone' } });
  });

  it('writes the text in Mongolian by default', async () => {
    const person = takePerson();
    await startRegistration(person);
    const [message] = await outbox(person.phone);
    expect(message?.text).toMatch(/^Нар Лайф: бүртгэлийн баталгаажуулах код \d{6}\./);
  });

  it('stores codes hashed, never in clear', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    const code = await lastCode(person.phone);
    const { rows } = await server.db.query<{ code_hash: string; payload: Record<string, unknown> }>(
      'select code_hash, payload from verification_codes where id = $1',
      [sent.ticket],
    );
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(JSON.stringify(rows[0]?.payload)).not.toContain('secret12');
  });

  it('answers 400 with field errors for a bad body', async () => {
    const response = await post('/api/account/register/', { email: 'nope', password: '123', register: 'AB123', phone: '99-11' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toEqual({
      message: { key: 'errors.invalidRequest' },
      fields: {
        email: { key: 'validation.emailInvalid', values: {} },
        password: { key: 'validation.passwordMin', values: { min: 6 } },
        register: { key: 'validation.register', values: {} },
        phone: { key: 'validation.onlyNumbers', values: {} },
      },
    });
    const empty = await post('/api/account/register/', 'not json');
    expect(Object.keys((await errorOf(empty)).fields ?? {}).sort()).toEqual(['email', 'password', 'phone', 'register']);
    const confirm = await post('/api/account/register/confirm/', { ticket: '', code: 'abc' });
    expect((await errorOf(confirm)).fields).toEqual({
      ticket: { key: 'validation.valueRequired', values: { min: 1 } },
      code: { key: 'validation.onlyNumbers', values: {} },
    });
  });

  it("says 'You are already registered.' for a registered e-mail or person, and nothing more", async () => {
    const person = takePerson();
    const byEmail = await post('/api/account/register/', { ...registrationOf(person), email: demo.email });
    expect(byEmail.status).toBe(409);
    expect(await errorOf(byEmail)).toEqual({ message: { key: 'errors.alreadyRegistered' } });
    const byPerson = await post('/api/account/register/', { email: 'new-demo@example.com', password: 'secret12', register: demo.register, phone: demo.phone });
    expect(byPerson.status).toBe(409);
    expect(await errorOf(byPerson)).toEqual({ message: { key: 'errors.alreadyRegistered' } });
    expect(await outbox(demo.phone)).toEqual([]);
  });

  it("answers one 'Information is incorrect.' for an unknown register number, no policy and another phone", async () => {
    // One answer for all three: it never tells which register numbers are customers (whose phone to guess).
    const unknown = await post('/api/account/register/', { email: 'x1@example.com', password: 'secret12', register: 'ЮЯ12345678', phone: '99998888' });
    expect(unknown.status).toBe(422);
    expect(await errorOf(unknown)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const noPolicy = await post('/api/account/register/', registrationOf(withoutPolicy));
    expect(noPolicy.status).toBe(422);
    expect(await errorOf(noPolicy)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const person = takePerson();
    const wrongPhone = await post('/api/account/register/', { ...registrationOf(person), phone: '88887777' });
    expect(wrongPhone.status).toBe(422);
    expect(await errorOf(wrongPhone)).toEqual({ message: { key: 'errors.invalidInformation' } });
    // Also for an already registered person: the phone is checked first, so nothing is revealed.
    const demoWrongPhone = await post('/api/account/register/', { email: 'x2@example.com', password: 'secret12', register: demo.register, phone: '88887777' });
    expect(demoWrongPhone.status).toBe(422);
    expect(await errorOf(demoWrongPhone)).toEqual({ message: { key: 'errors.invalidInformation' } });
    expect(await outbox('88887777')).toEqual([]);
  });
});

describe('code limits', () => {
  it('refuses a resend inside 60 s with the seconds left, and sends a new code after', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    const first = await lastCode(person.phone);
    const early = await post('/api/account/register/resend/', { ticket: sent.ticket });
    expect(early.status).toBe(429);
    const body = await errorOf(early);
    expect(body.message.key).toBe('errors.resendTooSoon');
    expect(Number(body.message.values?.seconds)).toBeGreaterThan(55);
    expect(Number(body.message.values?.seconds)).toBeLessThanOrEqual(60);
    expect(Number(early.headers.get('Retry-After'))).toBe(body.message.values?.seconds);
    // Starting over for the same phone is refused the same way.
    const restart = await post('/api/account/register/', registrationOf(person));
    expect(restart.status).toBe(429);
    expect((await outbox(person.phone)).length).toBe(1);

    await age(person.phone, 60);
    const resent = await post('/api/account/register/resend/', { ticket: sent.ticket });
    expect(resent.status).toBe(200);
    expect(codeSentSchema.parse(await resent.json())).toEqual({ ticket: sent.ticket, resend_in: 60, expires_in: 300 });
    expect((await outbox(person.phone)).length).toBe(2);
    const second = await lastCode(person.phone);
    if (second !== first) {
      const old = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: first });
      expect((await errorOf(old)).message.key).toBe('errors.codeIncorrect');
    }
    const confirmed = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: second });
    expect(confirmed.status).toBe(200);
  });

  it('continues the same verification when the form is corrected, without another message', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    const corrected = await post('/api/account/register/', { ...registrationOf(person, `fixed-${person.partnerId}@example.com`), ticket: sent.ticket });
    expect(corrected.status).toBe(200);
    expect(codeSentSchema.parse(await corrected.json()).ticket).toBe(sent.ticket);
    expect((await outbox(person.phone)).length).toBe(1);
    const confirmed = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) });
    const { access } = tokenResponseSchema.parse(await confirmed.json());
    const account = accountSchema.parse(await (await app.request('/api/account/', { headers: bearer(access) })).json());
    expect(account.email).toBe(`fixed-${person.partnerId}@example.com`);
  });

  it('counts wrong codes and refuses every code after the fifth wrong one until a new one is sent', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    const code = await lastCode(person.phone);
    for (const left of [4, 3, 2, 1]) {
      const response = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: wrongCode(code) });
      expect(response.status).toBe(422);
      expect(await errorOf(response)).toEqual({ message: { key: 'errors.codeIncorrect', values: { attempts: left } } });
    }
    const fifth = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: wrongCode(code) });
    expect(fifth.status).toBe(429);
    expect(await errorOf(fifth)).toEqual({ message: { key: 'errors.codeAttemptsUsed' } });
    const right = await post('/api/account/register/confirm/', { ticket: sent.ticket, code });
    expect(right.status).toBe(429);
    expect(await errorOf(right)).toEqual({ message: { key: 'errors.codeAttemptsUsed' } });

    await age(person.phone, 60);
    expect((await post('/api/account/register/resend/', { ticket: sent.ticket })).status).toBe(200);
    const fresh = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) });
    expect(fresh.status).toBe(200);
  });

  it('refuses an expired code, even the right one', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    await age(person.phone, 301);
    const response = await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toEqual({ message: { key: 'errors.codeExpired' } });
  });

  it('refuses an unknown verification and stops resending after five codes', async () => {
    expect(await errorOf(await post('/api/account/register/confirm/', { ticket: 'made-up', code: '123456' }))).toEqual({
      message: { key: 'errors.verificationGone' },
    });
    expect(await errorOf(await post('/api/account/register/resend/', { ticket: 'made-up' }))).toEqual({
      message: { key: 'errors.verificationGone' },
    });
    const person = takePerson();
    const sent = await startRegistration(person);
    for (let send = 2; send <= 5; send += 1) {
      await age(person.phone, 60);
      expect((await post('/api/account/register/resend/', { ticket: sent.ticket })).status).toBe(200);
    }
    await age(person.phone, 60);
    const sixth = await post('/api/account/register/resend/', { ticket: sent.ticket });
    expect(sixth.status).toBe(429);
    expect(await errorOf(sixth)).toEqual({ message: { key: 'errors.tooManyAttempts' } });
  });
});

describe('forgot username', () => {
  it('sends the login e-mail to the phone of the account', async () => {
    const response = await post('/api/account/forgot-username/', { register: second.register, phone: second.phone }, { 'Accept-Language': 'en' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ resend_in: 60 });
    const [message] = await outbox(second.phone);
    expect(message?.text).toBe(`Nar Life: your login e-mail is ${second.email}`);
    const again = await post('/api/account/forgot-username/', { register: second.register, phone: second.phone });
    expect(again.status).toBe(429);
    expect((await errorOf(again)).message.key).toBe('errors.resendTooSoon');
  });

  it('answers only with the SPEC messages', async () => {
    // One answer for an unknown register number, a person without an account and a wrong phone.
    const unknown = await post('/api/account/forgot-username/', { register: 'ЮЯ12345678', phone: '99998888' });
    expect(unknown.status).toBe(422);
    expect(await errorOf(unknown)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const notRegistered = await post('/api/account/forgot-username/', { register: withoutPolicy.register, phone: withoutPolicy.phone });
    expect(notRegistered.status).toBe(422);
    expect(await errorOf(notRegistered)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const wrongPhone = await post('/api/account/forgot-username/', { register: demo.register, phone: '88887777' });
    expect(wrongPhone.status).toBe(422);
    expect(await errorOf(wrongPhone)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const bad = await post('/api/account/forgot-username/', { register: 'УБ1', phone: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await errorOf(bad)).fields ?? {}).sort()).toEqual(['phone', 'register']);
  });
});

describe('forgot password', () => {
  it('resets the password with the code sent to the phone; older tokens stop working', async () => {
    const oldToken = await tokenFor(demo.email, demo.password);
    const started = await post('/api/account/forgot-password/', { email: demo.email, phone: demo.phone }, { 'Accept-Language': 'en' });
    expect(started.status).toBe(200);
    const { ticket } = codeSentSchema.parse(await started.json());
    expect((await outbox(demo.phone))[0]?.text).toMatch(/^Nar Life: your password recovery code is \d{6}\./);

    // The new password is only accepted once the code is.
    const early = await post('/api/account/forgot-password/reset/', { ticket, password: 'newpass1' });
    expect(await errorOf(early)).toEqual({ message: { key: 'errors.verificationGone' } });
    const wrong = await post('/api/account/forgot-password/verify/', { ticket, code: wrongCode(await lastCode(demo.phone)) });
    expect(await errorOf(wrong)).toEqual({ message: { key: 'errors.codeIncorrect', values: { attempts: 4 } } });
    const verified = await post('/api/account/forgot-password/verify/', { ticket, code: await lastCode(demo.phone) });
    expect(verified.status).toBe(200);
    const short = await post('/api/account/forgot-password/reset/', { ticket, password: '12345' });
    expect((await errorOf(short)).fields).toEqual({ password: { key: 'validation.passwordMin', values: { min: 6 } } });
    const reset = await post('/api/account/forgot-password/reset/', { ticket, password: 'newpass1' }, { 'Accept-Language': 'en' });
    expect(reset.status).toBe(200);

    expect((await outbox(demo.phone))[0]?.text).toMatch(/^Nar Life: your password was changed\./);
    expect((await verify(oldToken)).status).toBe(401);
    expect((await login(demo.email, demo.password)).status).toBe(401);
    expect((await login(demo.email, 'newpass1')).status).toBe(200);
    expect(await errorOf(await post('/api/account/forgot-password/reset/', { ticket, password: 'another1' }))).toEqual({
      message: { key: 'errors.verificationGone' },
    });
  });

  it('answers only with the SPEC messages', async () => {
    // One answer for an unknown e-mail and a wrong phone.
    const unknown = await post('/api/account/forgot-password/', { email: 'nobody@example.com', phone: '99998888' });
    expect(unknown.status).toBe(422);
    expect(await errorOf(unknown)).toEqual({ message: { key: 'errors.invalidInformation' } });
    const wrongPhone = await post('/api/account/forgot-password/', { email: second.email, phone: '88887777' });
    expect(wrongPhone.status).toBe(422);
    expect(await errorOf(wrongPhone)).toEqual({ message: { key: 'errors.invalidInformation' } });
    expect(await outbox('88887777')).toEqual([]);
  });

  it('refuses an expired code and an expired reset window', async () => {
    const person = takePerson();
    const sent = await startRegistration(person);
    const { access } = tokenResponseSchema.parse(
      await json(await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) })),
    );
    expect(access).toBeTruthy();
    const email = `${person.partnerId}@example.com`;
    const started = codeSentSchema.parse(await json(await post('/api/account/forgot-password/', { email, phone: person.phone })));
    await age(person.phone, 301);
    const expired = await post('/api/account/forgot-password/verify/', { ticket: started.ticket, code: await lastCode(person.phone) });
    expect(await errorOf(expired)).toEqual({ message: { key: 'errors.codeExpired' } });

    const resent = await post('/api/account/forgot-password/resend/', { ticket: started.ticket });
    expect(resent.status).toBe(200);
    expect((await post('/api/account/forgot-password/verify/', { ticket: started.ticket, code: await lastCode(person.phone) })).status).toBe(200);
    await age(person.phone, 601);
    const late = await post('/api/account/forgot-password/reset/', { ticket: started.ticket, password: 'newpass1' });
    expect(await errorOf(late)).toEqual({ message: { key: 'errors.codeExpired' } });
  });
});

describe('settings', () => {
  let token: string;
  let person: DemoPolicyholder;
  let email: string;

  beforeAll(async () => {
    person = takePerson();
    email = `${person.partnerId}@example.com`;
    const sent = await startRegistration(person);
    token = tokenResponseSchema.parse(
      await json(await post('/api/account/register/confirm/', { ticket: sent.ticket, code: await lastCode(person.phone) })),
    ).access;
  });

  it('needs a signed-in user', async () => {
    expect((await app.request('/api/account/')).status).toBe(401);
    expect((await send('PUT', '/api/account/language/', { language: 'en' })).status).toBe(401);
  });

  it('changes the e-mail only with the current password, ends other sessions, tells the phone, and refuses one another account uses', async () => {
    const taken = await send('PUT', '/api/account/', { email: second.email, current_password: 'secret12' }, bearer(token));
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toEqual({ message: { key: 'errors.emailTaken' } });
    const bad = await send('PUT', '/api/account/', { email: 'nope', current_password: 'secret12' }, bearer(token));
    expect((await errorOf(bad)).fields).toEqual({ email: { key: 'validation.emailInvalid', values: {} } });
    const before = email;

    // A session alone (a stolen token) cannot change the login: the current password is needed.
    const newEmail = `new-${person.partnerId}@example.com`;
    const withoutPassword = await send('PUT', '/api/account/', { email: newEmail }, bearer(token));
    expect(withoutPassword.status).toBe(400);
    expect((await errorOf(withoutPassword)).fields).toEqual({ current_password: { key: 'validation.passwordRequired', values: {} } });
    const wrongPassword = await send('PUT', '/api/account/', { email: newEmail, current_password: 'not-it' }, { ...bearer(token), ...fromNewAddress() });
    expect(wrongPassword.status).toBe(422);
    expect(await errorOf(wrongPassword)).toEqual({ message: { key: 'errors.currentPasswordIncorrect' } });
    expect(accountSchema.parse(await json(await app.request('/api/account/', { headers: bearer(token) }))).email).toBe(before);

    const otherSession = await tokenFor(before, 'secret12');
    email = newEmail;
    const changed = await send('PUT', '/api/account/', { email: ` ${email.toUpperCase()} `, current_password: 'secret12' }, bearer(token));
    expect(changed.status).toBe(200);
    const saved = profileSavedSchema.parse(await changed.json());
    expect(saved.email).toBe(email);
    expect((await outbox(person.phone))[0]?.text).toContain(email);
    expect((await login(email, 'secret12')).status).toBe(200);
    // Every other session ends; this one goes on with the token answered.
    expect((await app.request('/api/account/', { headers: bearer(otherSession) })).status).toBe(401);
    expect((await app.request('/api/account/', { headers: bearer(token) })).status).toBe(401);
    expect((await app.request('/api/account/', { headers: bearer(saved.access ?? '') })).status).toBe(200);
    token = saved.access ?? '';
  });

  it('saves the language, which the next text message uses', async () => {
    const response = await send('PUT', '/api/account/language/', { language: 'en' }, bearer(token));
    expect(accountSchema.parse(await response.json()).language).toBe('en');
    expect(accountSchema.parse(await (await app.request('/api/account/', { headers: bearer(token) })).json()).language).toBe('en');
    const bad = await send('PUT', '/api/account/language/', { language: 'fr' }, bearer(token));
    expect(bad.status).toBe(400);
  });

  it('changes the password only with the right current one, and older tokens stop working', async () => {
    const address = fromNewAddress();
    const wrong = await post('/api/account/password/', { current_password: 'not-it', new_password: 'changed1' }, { ...bearer(token), ...address });
    expect(wrong.status).toBe(422);
    expect(await errorOf(wrong)).toEqual({ message: { key: 'errors.currentPasswordIncorrect' } });
    const short = await post('/api/account/password/', { current_password: 'secret12', new_password: 'abc' }, { ...bearer(token), ...address });
    expect((await errorOf(short)).fields).toEqual({ new_password: { key: 'validation.passwordMin', values: { min: 6 } } });

    const changed = await post('/api/account/password/', { current_password: 'secret12', new_password: 'changed1' }, { ...bearer(token), ...address });
    expect(changed.status).toBe(200);
    const { access } = tokenResponseSchema.parse(await changed.json());
    expect((await verify(token)).status).toBe(401);
    expect((await app.request('/api/account/', { headers: bearer(token) })).status).toBe(401);
    expect((await app.request('/api/account/', { headers: bearer(access) })).status).toBe(200);
    expect((await login(email, 'secret12')).status).toBe(401);
    expect((await login(email, 'changed1')).status).toBe(200);
    // The account's language (English, set above) is used for the notice.
    expect((await outbox(person.phone))[0]?.text).toMatch(/^Nar Life: your password was changed\./);
    token = access;
  });

  it('counts wrong current passwords as failed logins', async () => {
    const address = fromNewAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await post('/api/account/password/', { current_password: 'not-it', new_password: 'changed2' }, { ...bearer(token), ...address });
      expect(response.status).toBe(422);
    }
    const refused = await post('/api/account/password/', { current_password: 'changed1', new_password: 'changed2' }, { ...bearer(token), ...address });
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).message.key).toBe('errors.tryAgainIn');
  });
});

describe('e-mail length', () => {
  it('refuses an e-mail over 254 characters at registration, login and recovery', async () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.mn`;
    expect(long.length).toBeGreaterThan(254);
    const register = await post('/api/account/register/', { email: long, password: 'secret12', register: 'ЮЯ12345678', phone: '99998888' });
    expect(register.status).toBe(400);
    expect((await errorOf(register)).fields?.email).toEqual({ key: 'validation.maxLength', values: { max: 254 } });
    expect((await post('/api/token/', { email: long, password: 'x' }, fromNewAddress())).status).toBe(400);
    expect((await post('/api/account/forgot-password/', { email: long, phone: '99998888' })).status).toBe(400);
  });
});

describe('pending verifications', () => {
  it('are not voided by someone else starting one for the same register number and phone', async () => {
    // A customer of this test alone (the demo policyholders are all taken by the tests above).
    const person: DemoPolicyholder = { partnerId: 990_001, name: 'Тэст Хүн', register: 'ЖЖ85010101', phone: '99007777', productId: 100 };
    await server.db.query('insert into partners (id, register, phone, name) values ($1, $2, $3, $4)', [person.partnerId, person.register, person.phone, person.name]);
    await server.db.query(
      `insert into policies (partner_id, contract_number, product_id, start_date, end_date, fee_amount, fee_frequency, status)
       values ($1, 'BR-TEST-990001', 100, '2024-01-01', '2034-12-31', 50000, 'monthly', 'active')`,
      [person.partnerId],
    );
    const mine = await startRegistration(person, fromNewAddress());
    const myCode = await lastCode(person.phone);
    // A stranger who knows the register number and phone starts again once the wait is over.
    await age(person.phone, 61);
    const stranger = await post('/api/account/register/', { ...registrationOf(person, 'stranger@example.com') }, fromNewAddress());
    expect(stranger.status).toBe(200);
    expect(codeSentSchema.parse(await stranger.json()).ticket).not.toBe(mine.ticket);
    // The person's own code still confirms their own registration, with their own e-mail.
    const confirmed = await post('/api/account/register/confirm/', { ticket: mine.ticket, code: myCode });
    expect(confirmed.status).toBe(200);
    const token = tokenResponseSchema.parse(await confirmed.json()).access;
    expect(accountSchema.parse(await json(await app.request('/api/account/', { headers: bearer(token) }))).email).toBe(`${person.partnerId}@example.com`);
  });
});

describe('registration and recovery look-ups', () => {
  it('are throttled per person asked about and per address, counted before the look-up, even in a burst', async () => {
    // A burst about one register number from many addresses: only the per-person limit (10) gets through.
    const about = (i: number) => post('/api/account/forgot-username/', { register: 'ЯЮ80010101', phone: `8800${String(i).padStart(4, '0')}` }, fromNewAddress());
    const burst = await Promise.all(Array.from({ length: 25 }, (_, i) => about(i)));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const refused = burst.find((response) => response.status === 429);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await errorOf(refused as Response)).message).toEqual({ key: 'errors.tryAgainIn', values: { minutes: 15 } });
    // One address asking about many people: the 31st look-up is refused.
    const address = fromNewAddress();
    for (let i = 0; i < 30; i++) {
      const response = await post('/api/account/register/', { email: `probe${i}@example.com`, password: 'secret12', register: `ЮЯ900101${String(i).padStart(2, '0')}`, phone: '99998888' }, address);
      expect(response.status).toBe(422);
    }
    const blocked = await post('/api/account/register/', { email: 'probe@example.com', password: 'secret12', register: 'ЮЯ90010199', phone: '99998888' }, address);
    expect(blocked.status).toBe(429);
  });
});

describe('the outbox', () => {
  it('is not exposed unless the server is told to', async () => {
    const production = server.app({ account: {} });
    expect((await production.request('/api/dev/outbox/')).status).toBe(404);
    expect((await postJson(production, '/api/dev/codes/age/', { phone: demo.phone, seconds: 60 })).status).toBe(404);
  });
});
