import type { Home } from '../../contract/home.schema';
import type { Queryable } from '../db/db';
import type { Language } from '../http/language';

/** The home page's content in one language; the column suffix comes from a closed union, never from input. */
export const readHome = async (db: Queryable, language: Language): Promise<Home> => {
  const [content, boxes, products] = await Promise.all([
    db.query<{ hero_image: string; mobile_image: string; mobile_text: string }>(
      `select hero_image, mobile_image, mobile_text_${language} as mobile_text from home_content where id = 1`,
    ),
    db.query<Home['boxes'][number]>(
      `select image, count, url, title_${language} as title, text_${language} as text
         from home_boxes order by sort_order, id`,
    ),
    db.query<Home['products'][number]>(
      `select id, name_${language} as name, company_name_${language} as company_name, image
         from products where show_on_home order by sort_order, id`,
    ),
  ]);
  const row = content.rows[0];
  return {
    image: row?.hero_image ?? '',
    boxes: boxes.rows,
    products: products.rows,
    mobile: { image: row?.mobile_image ?? '', text: row?.mobile_text ?? '' },
  };
};
