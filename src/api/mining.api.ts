/** The mining registration calls (docs/api.md, "Mining registration"): one function per call, answers parsed with their schemas. */
import { z } from 'zod/mini';
import { codeSentSchema, type ConfirmBody, type ResendBody } from '../../contract/account.schema';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import { DRAFT_TOKEN_HEADER, draftAccessSchema, draftSchema, programmeSchema, submittedSchema, type MiningStartBody } from '../../contract/mining.schema';
import { getContent, http, request } from './client';

const withToken = (token: string) => ({ [DRAFT_TOKEN_HEADER]: token });
const post = <T extends z.ZodMiniType>(schema: T, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(schema, () => http.post(path, { json: body, headers }).json());

/** GET /api/mining/programme/: what the programme covers, in both languages (sent with the page, server/http/page-data.ts). */
export const getProgramme = () => request(programmeSchema, () => getContent('api/mining/programme/'));
const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
/** POST /api/mining/start/: the roster check; sends the first code. `key`: one per intent (a retry reuses it). */
export const startMining = (body: MiningStartBody, key: string) => post(codeSentSchema, 'api/mining/start/', body, withKey(key));
/** POST /api/mining/start/resend/: a new code (the server refuses inside the 60 s wait). */
export const resendMiningCode = (body: ResendBody, key: string) => post(codeSentSchema, 'api/mining/start/resend/', body, withKey(key));
/** POST /api/mining/start/confirm/: the code opens the person's draft and answers its token. */
export const confirmMiningCode = (body: ConfirmBody, key: string) => post(draftAccessSchema, 'api/mining/start/confirm/', body, withKey(key));
/** GET /api/mining/draft/: the draft as stored. */
export const getDraft = (token: string) => request(draftSchema, () => http.get('api/mining/draft/', { headers: withToken(token) }).json());
const putStep = (step: string) => (token: string, body: unknown) =>
  request(draftSchema, () => http.put(`api/mining/draft/${step}/`, { json: body, headers: withToken(token) }).json());
export const saveInsurerStep = putStep('insurer');
export const saveBeneficiariesStep = putStep('beneficiaries');
export const saveImagesStep = putStep('images');
/** POST /api/mining/draft/submit/: the registration's reference (idempotent by key). */
export const submitDraft = (token: string, key: string) =>
  post(submittedSchema, 'api/mining/draft/submit/', {}, { ...withToken(token), [IDEMPOTENCY_HEADER]: key });
