/**
 * GET /api/home/: the home page's content in the language of Accept-Language (SPEC sections 1, 3, 7),
 * from the in-memory content cache with a strong ETag (304 on If-None-Match).
 */
import { Hono } from 'hono';
import type { Db } from '../db/db';
import { sendCached, type ContentCache } from '../http/content-cache';
import type { AppEnv } from '../http/env';
import { languageOf } from '../http/language';
import { readHome } from './home.repo';

export const homeRoutes = ({ db, content }: { db: Db; content: ContentCache }) => {
  const app = new Hono<AppEnv>();

  app.get('/home/', async (c) => {
    const language = languageOf(c.req.header('accept-language'));
    const home = await content.get(`home:${language}`, () => readHome(db, language));
    if (!home) throw new Error('the home page has no content');
    return sendCached(c, home);
  });

  return app;
};
