import { z } from 'zod/mini';
import { eligibilitySchema, helpLinksSchema, profileSchema, tokenResponseSchema, type LoginBody } from '../../contract/auth.schema';
import { http, request } from './client';

/** POST /api/token/: e-mail and password for an access token. */
export const login = (body: LoginBody) =>
  request(tokenResponseSchema, () => http.post('api/token/', { json: body }).json());

/** POST /api/token/verify/: resolves when the token is valid, throws (401) when it is not. */
export const verifyToken = (token: string) =>
  request(z.unknown(), () => http.post('api/token/verify/', { json: { token } }).json());

/** GET /api/profile/ with the bearer token. */
export const getProfile = () => request(profileSchema, () => http.get('api/profile/').json());

/** GET /api/help/ (public): the user manual's links, for the help button of the public flows. */
export const getHelpLinks = () => request(helpLinksSchema, () => http.get('api/help/').json());

/** GET /api/preclaim/eligible/: whether the Credit Med menu item is shown. */
export const getEligibility = () => request(eligibilitySchema, () => http.get('api/preclaim/eligible/').json());
