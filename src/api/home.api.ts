import { http, request } from './client';
import { homeSchema } from '../../contract/home.schema';

/** GET /api/home/: hero image, info boxes, product cards and the mobile teaser, in the current language. */
export const getHome = () => request(homeSchema, () => http.get('api/home/').json());
