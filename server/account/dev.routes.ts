/**
 * Development and test servers only (`exposeOutbox`): the messages sent to phones, and a way to make
 * codes older so tests of the resend wait and of expiry need not wait for real.
 */
import { Hono } from 'hono';
import { z } from 'zod/mini';
import { phoneSchema } from '../../contract/validation';
import { jsonBodyLimit } from '../http/body-limit';
import { readBody } from '../http/validate';
import type { Outbox, OutboxEntry } from './sms';
import type { Verifications } from './verifications';

const ageBodySchema = z.object({ phone: phoneSchema, seconds: z.int().check(z.minimum(1), z.maximum(24 * 60 * 60)) });

export const devRoutes = ({ outbox, verifications }: { outbox: Outbox; verifications: Verifications }) => {
  const app = new Hono();

  /** GET /api/dev/outbox/?to=99112233: the messages sent (to that phone), newest first. */
  app.get('/outbox/', (c) => {
    const to = c.req.query('to');
    return c.json<{ messages: OutboxEntry[] }>({ messages: outbox.list(to || undefined) });
  });

  /** POST /api/dev/codes/age/ { phone, seconds }: codes and messages to that phone become older. */
  app.post('/codes/age/', jsonBodyLimit, async (c) => {
    const { phone, seconds } = await readBody(c, ageBodySchema);
    await verifications.age(phone, seconds);
    return c.json({});
  });

  return app;
};
