/** The auth calls of SPEC section 7: login, token verification, profile and Credit Med eligibility. */
import { Hono } from 'hono';
import type { Eligibility, HelpLinks, Profile, TokenResponse } from '../../contract/auth.schema';
import { loginBodySchema, verifyBodySchema } from '../../contract/auth.schema';
import { errorKeys } from '../../contract/error.schema';
import type { Db } from '../db/db';
import { readSetting, settingKeys } from '../db/settings.repo';
import { jsonBodyLimit } from '../http/body-limit';
import type { ContentCache } from '../http/content-cache';
import { clientIp, rateLimitKey } from '../http/client-ip';
import type { AppEnv } from '../http/env';
import { errorBody, HttpError, unauthorized } from '../http/errors';
import { readBody } from '../http/validate';
import type { LoginThrottle } from './login-throttle';
import { verifyAgainstDummy, verifyPassword } from './password';
import { requireUser, userOfToken } from './require-user';
import { issueToken } from './token';
import { findUserByEmail } from './users.repo';

export interface AuthDeps {
  db: Db;
  secret: string;
  throttle: LoginThrottle;
  trustedProxies: number;
  /** The site settings (user-manual links) are content: kept in memory until they change. */
  content: ContentCache;
}

export const authRoutes = ({ db, secret, throttle, trustedProxies, content }: AuthDeps) => {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser(db, secret);

  app.post('/token/', jsonBodyLimit, async (c) => {
    const ip = rateLimitKey(clientIp(c, trustedProxies));
    const { email, password } = await readBody(c, loginBodySchema);
    // Counted before the password is hashed: a parallel burst gets no more tries than the limit.
    const attempt = await throttle.attempt(email, ip);
    const user = await findUserByEmail(db, email);
    const valid = user ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
    if (valid && user) await attempt.giveBack();
    if (!user || !valid) {
      // One answer for an unknown e-mail and a wrong password: the API does not reveal who has an account.
      throw new HttpError(401, errorBody(errorKeys.wrongCredentials));
    }
    return c.json<TokenResponse>({ access: await issueToken(user, secret) });
  });

  app.post('/token/verify/', jsonBodyLimit, async (c) => {
    const { token } = await readBody(c, verifyBodySchema);
    if (!(await userOfToken(db, secret, token))) throw unauthorized();
    return c.json({});
  });

  /** The user manual's links (site settings): content, kept in memory until they change. */
  const manualLinks = async () => {
    const settings = await content.get('settings:user-manual', async () => {
      const [document, video] = await Promise.all([
        readSetting(db, settingKeys.userManualDocument),
        readSetting(db, settingKeys.userManualVideo),
      ]);
      return { document, video };
    });
    const { document = '', video = '' } = settings?.value ?? {};
    return { document, video };
  };

  app.get('/help/', async (c) => {
    const { document, video } = await manualLinks();
    return c.json<HelpLinks>({ user_manual_document: document, user_manual_video: video });
  });

  app.get('/profile/', signedIn, async (c) => {
    const user = c.var.user;
    const { document, video } = await manualLinks();
    return c.json<Profile>({
      partner_id: user.partner_id,
      name: user.name,
      is_staff: user.is_staff,
      user_manual_document: document,
      user_manual_video: video,
    });
  });

  app.get('/preclaim/eligible/', signedIn, (c) => c.json<Eligibility>({ is_eligible: c.var.user.credit_med_eligible }));

  return app;
};
