/** GET /api/home/: the home page's content (SPEC sections 1 and 3), in the language asked for. */
import { z } from 'zod/mini';

export const infoBoxSchema = z.object({
  image: z.string(),
  count: z.string(),
  url: z.string(),
  title: z.string(),
  text: z.string(),
});
export type InfoBox = z.infer<typeof infoBoxSchema>;

export const productCardSchema = z.object({
  id: z.int(),
  name: z.string(),
  company_name: z.string(),
  image: z.string(),
});
export type ProductCard = z.infer<typeof productCardSchema>;

export const homeSchema = z.object({
  image: z.string(),
  boxes: z.array(infoBoxSchema),
  products: z.array(productCardSchema),
  mobile: z.object({ image: z.string(), text: z.string() }),
});
export type Home = z.infer<typeof homeSchema>;
