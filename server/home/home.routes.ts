/** GET /api/home/: the home page's content in the language of Accept-Language (SPEC sections 1, 3, 7). */
import { Hono } from 'hono';
import type { Home } from '../../contract/home.schema';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { languageOf } from '../http/language';
import { readHome } from './home.repo';

export const homeRoutes = ({ db }: { db: Db }) => {
  const app = new Hono<AppEnv>();

  app.get('/home/', async (c) => {
    const home = await readHome(db, languageOf(c.req.header('accept-language')));
    c.header('Cache-Control', 'public, max-age=60');
    c.header('Vary', 'Accept-Language');
    return c.json<Home>(home);
  });

  return app;
};
