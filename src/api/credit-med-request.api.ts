/** The Credit Med request-side calls (docs/api.md "Credit Med: request and contract"): one function per call, answers parsed with their schemas. */
import { z } from 'zod/mini';
import { codeSentSchema, okSchema, type ConfirmBody, type ResendBody } from '../../contract/account.schema';
import { cmContractSchema, cmRequestSchema, cmSignedSchema, cmSubmittedSchema, cmSummarySchema, type CmSignBody, type CmTxPasswordResetBody } from '../../contract/credit-med-request.schema';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import { http, request } from './client';

const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });
const post = <T extends z.ZodMiniType>(schema: T, path: string, body: unknown, headers: Record<string, string> = {}) =>
  request(schema, () => http.post(path, { json: body, headers }).json());

/** GET /api/credit-med/: eligibility, the request's progress, the contract's and the card's status. */
export const getCreditMedSummary = () => request(cmSummarySchema, () => http.get('api/credit-med/').json());
/** GET /api/credit-med/request/: the draft with the pre-fill. */
export const getCmRequest = () => request(cmRequestSchema, () => http.get('api/credit-med/request/').json());
const putStep = (step: string) => (body: unknown) => request(cmRequestSchema, () => http.put(`api/credit-med/request/${step}/`, { json: body }).json());
export const saveCmPersonal = putStep('personal');
export const saveCmFamily = putStep('family');
export const saveCmImages = putStep('images');
export const saveCmDeclarations = putStep('declarations');
/** POST /api/credit-med/request/submit/: makes the contract (idempotent by key). */
export const submitCmRequest = (key: string) => post(cmSubmittedSchema, 'api/credit-med/request/submit/', {}, withKey(key));
/** GET /api/credit-med/contracts/{id}/: the contract text in the request's language. */
export const getCmContract = (id: number) => request(cmContractSchema, () => http.get(`api/credit-med/contracts/${id}/`).json());
/** POST …/sign/: acceptance and the transaction password; sends the code to the phone. */
export const startCmSigning = (id: number, body: CmSignBody, key: string) => post(codeSentSchema, `api/credit-med/contracts/${id}/sign/`, body, withKey(key));
/** POST /api/credit-med/signing/resend/: a new code for the signing `ticket`. */
export const resendCmSignCode = (body: ResendBody) => post(codeSentSchema, 'api/credit-med/signing/resend/', body);
/** POST /api/credit-med/signing/confirm/: the right code signs the contract the ticket was started for. */
export const confirmCmSignCode = (body: ConfirmBody) => post(cmSignedSchema, 'api/credit-med/signing/confirm/', body);

// ── A forgotten transaction password (issue 24) ─────────────────────────────────────────────────────
/** POST /api/credit-med/tx-password/reset/: a code to the account's phone. */
export const startTxPasswordReset = () => post(codeSentSchema, 'api/credit-med/tx-password/reset/', {});
/** POST …/reset/resend/: a new code for the reset's `ticket`. */
export const resendTxPasswordResetCode = (body: ResendBody) => post(codeSentSchema, 'api/credit-med/tx-password/reset/resend/', body);
/** POST …/reset/verify/: the code from the phone. */
export const verifyTxPasswordResetCode = (body: ConfirmBody) => post(okSchema, 'api/credit-med/tx-password/reset/verify/', body);
/** POST …/reset/password/: the new transaction password (twice) after the code was accepted. */
export const saveTxPassword = (body: CmTxPasswordResetBody) => post(okSchema, 'api/credit-med/tx-password/reset/password/', body);
