/**
 * Account calls (docs/api.md, "Accounts"): registration confirmed by a code sent to the phone,
 * username and password recovery, and the signed-in user's settings. Registration and recovery
 * answer only with the SPEC's messages (section 8); codes follow server/account/verifications.ts.
 */
import { Hono, type Context } from 'hono';
import {
  changePasswordBodySchema,
  confirmBodySchema,
  forgotPasswordBodySchema,
  forgotUsernameBodySchema,
  languageBodySchema,
  profileBodySchema,
  registerBodySchema,
  resendBodySchema,
  resetBodySchema,
  type Account,
  type CodeSent,
  type ProfileSaved,
} from '../../contract/account.schema';
import type { TokenResponse } from '../../contract/auth.schema';
import { errorKeys } from '../../contract/error.schema';
import { forgetUser, hashPassword, issueToken, type LoginThrottle, requireUser, verifyPassword } from '../auth';
import type { Db } from '../db/db';
import { jsonBodyLimit } from '../http/body-limit';
import { clientIp, rateLimitKey } from '../http/client-ip';
import { createThrottle, DEFAULT_LOOKUP_LIMITS, lookupLimits as limitsOf, type LookupLimits } from '../http/throttle';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, type ErrorKey } from '../http/errors';
import { languageOf } from '../http/language';
import { readBody } from '../http/validate';
import {
  createAccount,
  findAccountByEmail,
  findAccountById,
  findAccountByRegister,
  findOnlineInsured,
  findPartnerByRegister,
  findPartnerContact,
  isUniqueViolation,
  lockUsernameReminders,
  recordConfirmedBuyer,
  setEmail,
  setLanguage,
  setPassword,
  type AccountRow,
} from './accounts.repo';
import { devRoutes } from './dev.routes';
import { createOutboxSender, type SmsSender } from './sms';
import { smsTexts } from './sms-texts';
import { createVerifications, DEFAULT_CODE_OPTIONS, resendTooSoon, verificationGone, type CodeOptions } from './verifications';

export interface AccountOptions {
  /** Where text messages go; default: the log and an in-memory outbox. */
  sms?: SmsSender;
  /**
   * Development and test servers only: `GET /api/dev/outbox/` lists the messages sent and
   * `POST /api/dev/codes/age/` makes codes older (so tests need not wait). Never on in production.
   */
  exposeOutbox?: boolean;
  codes?: Partial<CodeOptions>;
  /** Limits on registration and recovery look-ups (server/http/throttle.ts). */
  lookups?: Partial<LookupLimits>;
}

/**
 * Registration and recovery answer whether a register number, e-mail and phone belong together, so
 * they are throttled like the login: per address, and per person asked about (register number or
 * e-mail), counted before the look-up (the shared look-up limits of server/http/throttle.ts).
 */
export { DEFAULT_LOOKUP_LIMITS, type LookupLimits };

export interface AccountDeps extends AccountOptions {
  db: Db;
  secret: string;
  /** The login throttle: a wrong current password counts as a failed login. */
  throttle: LoginThrottle;
  trustedProxies: number;
}

const refuse = (status: 409 | 422, key: ErrorKey) => new HttpError(status, errorBody(key));

const accountOf = (row: AccountRow): Account => ({
  email: row.email,
  name: row.name,
  register: row.register,
  phone: row.phone,
  language: row.language,
});

interface RegistrationPayload {
  email: string;
  password_hash: string;
  /** The insurer's customer record; null for someone known only from an online purchase. */
  partner_id: number | null;
  /** With partner_id null: the purchase's register number, phone and name, recorded once confirmed. */
  buyer?: { register: string; phone: string; name: string };
  language: 'mn' | 'en';
}

export const accountRoutes = ({ db, secret, throttle, trustedProxies, sms = createOutboxSender(), exposeOutbox = false, codes, lookups }: AccountDeps) => {
  const options: CodeOptions = { ...DEFAULT_CODE_OPTIONS, ...codes };
  const lookupLimits: LookupLimits = { ...DEFAULT_LOOKUP_LIMITS, ...lookups };
  const guard = createThrottle(db);
  /** Counts a look-up of `person` (a register number or e-mail) from this request's address; 429 when over. */
  const countLookup = (c: Context, bucket: 'register' | 'recovery', person: string) =>
    guard.take(limitsOf(bucket, lookupLimits, rateLimitKey(clientIp(c, trustedProxies)), person));
  /**
   * One answer for an unknown person and a wrong phone: which register numbers or e-mails are
   * customers, and so whose phone to guess, is not told.
   */
  const noMatch = () => refuse(422, errorKeys.invalidInformation);
  const verifications = createVerifications({ db, secret, sms, options });
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);
  const languageOfRequest = (c: Context) => languageOf(c.req.header('accept-language'));

  // -------------------------------------------------------------------------------------------------
  // Registration
  // -------------------------------------------------------------------------------------------------

  app.post('/account/register/', jsonBodyLimit, async (c) => {
    const body = await readBody(c, registerBodySchema);
    const language = languageOfRequest(c);
    await countLookup(c, 'register', body.register);
    if (await findAccountByEmail(db, body.email)) throw refuse(409, errorKeys.alreadyRegistered);
    // Only someone the insurer has a policy for can register, with the phone written in the contract;
    // or, unknown to the insurer, someone insured online with this register number and this phone.
    const partner = await findPartnerByRegister(db, body.register);
    const buyer = partner ? undefined : await findOnlineInsured(db, body.register, body.phone);
    if (partner ? !partner.has_policy : !buyer) throw noMatch();
    if (partner && partner.phone !== body.phone) throw noMatch();
    const person = partner ?? buyer;
    if (!person) throw noMatch();
    if (await findAccountByRegister(db, person.register)) throw refuse(409, errorKeys.alreadyRegistered);

    const payload: RegistrationPayload = {
      email: body.email,
      password_hash: await hashPassword(body.password),
      partner_id: partner?.id ?? null,
      ...(buyer ? { buyer } : {}),
      language,
    };
    if (body.ticket) {
      const continued = await verifications.update(body.ticket, 'register', person.phone, { ...payload });
      if (continued) return c.json<CodeSent>(continued);
    }
    const sent = await verifications.start('register', person.phone, { ...payload }, (code) =>
      smsTexts.registrationCode(language, code, options.ttlSeconds),
    );
    return c.json<CodeSent>(sent);
  });

  app.post('/account/register/resend/', jsonBodyLimit, async (c) => {
    const { ticket } = await readBody(c, resendBodySchema);
    const language = languageOfRequest(c);
    return c.json<CodeSent>(
      await verifications.resend(ticket, 'register', (code) => smsTexts.registrationCode(language, code, options.ttlSeconds)),
    );
  });

  app.post('/account/register/confirm/', jsonBodyLimit, async (c) => {
    const { ticket, code } = await readBody(c, confirmBodySchema);
    const verification = await verifications.check(ticket, 'register', code);
    const payload = verification.payload as unknown as RegistrationPayload;
    try {
      const user = await db.transaction(async (tx) => {
        if (!(await verifications.consume(tx, ticket))) throw verificationGone();
        // The code confirmed the phone: a buyer known only from a purchase becomes a customer record now.
        const partner =
          payload.partner_id === null
            ? payload.buyer
              ? await recordConfirmedBuyer(tx, payload.buyer)
              : undefined
            : await findPartnerContact(tx, payload.partner_id);
        if (!partner) throw verificationGone();
        // Someone may have registered the e-mail or the person in the five minutes the code was valid.
        if ((await findAccountByEmail(tx, payload.email)) || (await findAccountByRegister(tx, partner.register))) {
          throw refuse(409, errorKeys.alreadyRegistered);
        }
        return createAccount(tx, { email: payload.email, passwordHash: payload.password_hash, partner, language: payload.language });
      });
      return c.json<TokenResponse>({ access: await issueToken(user, secret) });
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(409, errorKeys.alreadyRegistered);
      throw error;
    }
  });

  // -------------------------------------------------------------------------------------------------
  // Recovery
  // -------------------------------------------------------------------------------------------------

  app.post('/account/forgot-username/', jsonBodyLimit, async (c) => {
    const { register, phone } = await readBody(c, forgotUsernameBodySchema);
    await countLookup(c, 'recovery', register);
    const account = await findAccountByRegister(db, register);
    if (!account || account.phone !== phone) throw noMatch();
    await db.transaction(async (tx) => {
      await lockUsernameReminders(tx, phone);
      const wait = await verifications.waitBeforeSending(tx, phone, 'username');
      if (wait > 0) throw resendTooSoon(wait);
      await verifications.recordSend(tx, phone, 'username');
    });
    await sms.send({ to: phone, text: smsTexts.username(languageOfRequest(c), account.email) });
    return c.json({ resend_in: options.resendSeconds });
  });

  app.post('/account/forgot-password/', jsonBodyLimit, async (c) => {
    const { email, phone } = await readBody(c, forgotPasswordBodySchema);
    const language = languageOfRequest(c);
    await countLookup(c, 'recovery', email);
    const account = await findAccountByEmail(db, email);
    if (!account?.phone || account.phone !== phone) throw noMatch();
    const sent = await verifications.start('reset_password', account.phone, { user_id: account.id }, (code) =>
      smsTexts.resetCode(language, code, options.ttlSeconds),
    );
    return c.json<CodeSent>(sent);
  });

  app.post('/account/forgot-password/resend/', jsonBodyLimit, async (c) => {
    const { ticket } = await readBody(c, resendBodySchema);
    const language = languageOfRequest(c);
    return c.json<CodeSent>(
      await verifications.resend(ticket, 'reset_password', (code) => smsTexts.resetCode(language, code, options.ttlSeconds)),
    );
  });

  app.post('/account/forgot-password/verify/', jsonBodyLimit, async (c) => {
    const { ticket, code } = await readBody(c, confirmBodySchema);
    await verifications.check(ticket, 'reset_password', code);
    await verifications.markVerified(ticket);
    return c.json({});
  });

  app.post('/account/forgot-password/reset/', jsonBodyLimit, async (c) => {
    const { ticket, password } = await readBody(c, resetBodySchema);
    // The ticket first: scrypt is slow on purpose and must not run for a request that cannot succeed.
    const open = await verifications.find(db, ticket, 'reset_password');
    if (!open?.verified) throw verificationGone();
    if (open.expired) throw refuse(422, errorKeys.codeExpired);
    const passwordHash = await hashPassword(password);
    const account = await db.transaction(async (tx) => {
      const verification = await verifications.find(tx, ticket, 'reset_password');
      if (!verification?.verified) throw verificationGone();
      if (verification.expired) throw refuse(422, errorKeys.codeExpired);
      if (!(await verifications.consume(tx, ticket))) throw verificationGone();
      const userId = Number(verification.payload.user_id);
      if (!(await setPassword(tx, userId, passwordHash))) throw verificationGone();
      return findAccountById(tx, userId);
    });
    if (account) forgetUser(db, account.id);
    if (account?.phone) await sms.send({ to: account.phone, text: smsTexts.passwordChanged(languageOfRequest(c)) });
    return c.json({});
  });

  // -------------------------------------------------------------------------------------------------
  // Settings (bearer)
  // -------------------------------------------------------------------------------------------------

  const currentAccount = async (c: Context<AppEnv>) => {
    const account = await findAccountById(db, c.var.user.id);
    if (!account) throw new HttpError(401, errorBody(errorKeys.unauthorized), { 'WWW-Authenticate': 'Bearer' });
    return account;
  };

  app.get('/account/', signedIn, async (c) => c.json<Account>(accountOf(await currentAccount(c))));

  app.put('/account/', signedIn, jsonBodyLimit, async (c) => {
    const { email, current_password: currentPassword } = await readBody(c, profileBodySchema);
    const account = await currentAccount(c);
    if (email === account.email) return c.json<ProfileSaved>(accountOf(account));
    // The login changes only with the current password (counted like a login), so a stolen session
    // alone cannot take the account over.
    const attempt = await throttle.attempt(account.email, rateLimitKey(clientIp(c, trustedProxies)));
    if (!(await verifyPassword(currentPassword, account.password_hash))) throw refuse(422, errorKeys.currentPasswordIncorrect);
    await attempt.giveBack();
    const holder = await findAccountByEmail(db, email);
    if (holder && holder.id !== account.id) throw refuse(409, errorKeys.emailTaken);
    let updated: { id: number; password_version: number } | undefined;
    try {
      updated = await setEmail(db, account.id, email);
    } catch (error) {
      if (isUniqueViolation(error)) throw refuse(409, errorKeys.emailTaken);
      throw error;
    }
    if (!updated) throw new HttpError(401, errorBody(errorKeys.unauthorized));
    forgetUser(db, updated.id);
    // The old login stops working: tell the phone, the recovery channel, in case it was not them.
    if (account.phone) await sms.send({ to: account.phone, text: smsTexts.emailChanged(account.language, email) });
    // Every other session ends; this one carries on with a new token.
    return c.json<ProfileSaved>({ ...accountOf({ ...account, email }), access: await issueToken(updated, secret) });
  });

  app.post('/account/password/', signedIn, jsonBodyLimit, async (c) => {
    const ip = rateLimitKey(clientIp(c, trustedProxies));
    const body = await readBody(c, changePasswordBodySchema);
    const account = await currentAccount(c);
    const attempt = await throttle.attempt(account.email, ip);
    if (!(await verifyPassword(body.current_password, account.password_hash))) throw refuse(422, errorKeys.currentPasswordIncorrect);
    await attempt.giveBack();
    const updated = await setPassword(db, account.id, await hashPassword(body.new_password));
    if (!updated) throw new HttpError(401, errorBody(errorKeys.unauthorized));
    forgetUser(db, updated.id);
    if (account.phone) await sms.send({ to: account.phone, text: smsTexts.passwordChanged(account.language) });
    // Every older token (other devices included) stops working; this session carries on with a new one.
    return c.json<TokenResponse>({ access: await issueToken(updated, secret) });
  });

  app.put('/account/language/', signedIn, jsonBodyLimit, async (c) => {
    const { language } = await readBody(c, languageBodySchema);
    const account = await currentAccount(c);
    await setLanguage(db, account.id, language);
    return c.json<Account>(accountOf({ ...account, language }));
  });

  if (exposeOutbox) {
    if (!('outbox' in sms)) throw new Error('accountRoutes: exposeOutbox needs the outbox sender');
    app.route('/dev', devRoutes({ outbox: (sms as ReturnType<typeof createOutboxSender>).outbox, verifications }));
  }

  return app;
};
