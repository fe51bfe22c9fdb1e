/**
 * The site's content (home page, user-manual links), written once into a database that has none yet
 * (reference data, server/setup/prepare.ts); afterwards it is the operator's.
 */
import type { Db, Queryable } from '../db/db';
import { BOXES, HERO_IMAGE, MOBILE_IMAGE, MOBILE_TEXT, USER_MANUAL } from '../db/seed-data';
import { settingKeys, writeSetting } from '../db/settings.repo';

/** Same constant in every replica: two servers starting on one empty database write it once. */
const CONTENT_LOCK = 724_303;

/** The site's content, when the database has none yet (a first start); afterwards it is the operator's. */
export const seedSiteContent = async (db: Db): Promise<void> => {
  const missing = async (q: Queryable) => (await q.query('select 1 from home_content')).rows.length === 0;
  if (!(await missing(db))) return;
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CONTENT_LOCK]);
    if (!(await missing(tx))) return;
    for (const [index, box] of BOXES.entries()) {
      await tx.query(
        `insert into home_boxes (image, count, url, title_mn, title_en, text_mn, text_en, sort_order)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (sort_order) do nothing`,
        [box.image, box.count, box.url, box.title.mn, box.title.en, box.text.mn, box.text.en, index + 1],
      );
    }
    await tx.query(
      `insert into home_content (id, hero_image, mobile_image, mobile_text_mn, mobile_text_en)
       values (1, $1, $2, $3, $4) on conflict (id) do nothing`,
      [HERO_IMAGE, MOBILE_IMAGE, MOBILE_TEXT.mn, MOBILE_TEXT.en],
    );
    await writeSetting(tx, settingKeys.userManualDocument, USER_MANUAL.document);
    await writeSetting(tx, settingKeys.userManualVideo, USER_MANUAL.video);
  });
};
