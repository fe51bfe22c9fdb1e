import { getContent, request, sentContent } from './client';
import { homeSchema } from '../../contract/home.schema';

/** GET /api/home/: hero image, info boxes, product cards and the mobile teaser, in the current language. */
export const getHome = () => request(homeSchema, () => getContent('api/home/'));

/** The home content the page was sent with, if any, to draw it without a loading state. */
export const sentHome = () => sentContent(homeSchema, 'api/home/');
