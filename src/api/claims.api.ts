/** The claim calls (docs/api.md, "Claims"): one function per call, answers parsed with their schemas. */
import { z } from 'zod/mini';
import { claimListSchema, claimPoliciesSchema, claimSchema, type AddDocumentBody } from '../../contract/claim.schema';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import { http, request } from './client';

const claimPath = (id: number) => `api/claims/${encodeURIComponent(String(id))}/`;

/**
 * GET /api/claims/policies/: a page of the user's active policies (with the claim types each offers),
 * from the `next` cursor of the page before, those whose contract number begins with `contract`; or,
 * with `id`, that one policy (none when it is not the user's active one).
 */
export const getClaimPolicies = (query: { before?: string | null; contract?: string | null; id?: number } = {}) => {
  const searchParams: Record<string, string> = {};
  if (query.id !== undefined) searchParams.id = String(query.id);
  if (query.contract) searchParams.contract = query.contract;
  if (query.before) searchParams.before = query.before;
  return request(claimPoliciesSchema, () => http.get('api/claims/policies/', { searchParams }).json());
};
/** GET /api/claims/?before=: drafts and sent claims, newest first, 20 a page, from the `next` cursor of the page before. */
export const getClaims = (before: string | null) =>
  request(claimListSchema, () => http.get('api/claims/', before ? { searchParams: { before } } : {}).json());
/** GET /api/claims/{id}/ */
export const getClaim = (id: number) => request(claimSchema, () => http.get(claimPath(id)).json());
/** POST /api/claims/: the open draft for the policy (made when there is none). */
export const openClaimDraft = (policyId: number) => request(claimSchema, () => http.post('api/claims/', { json: { policy_id: policyId } }).json());
/** DELETE /api/claims/{id}/: a draft and its documents. */
export const deleteClaimDraft = async (id: number): Promise<void> => {
  await request(z.unknown(), () => http.delete(claimPath(id)).then(() => null));
};
const putStep = (step: string) => (id: number, body: unknown) => request(claimSchema, () => http.put(`${claimPath(id)}${step}/`, { json: body }).json());
export const saveClaimType = putStep('type');
export const saveClaimEvent = putStep('event');
export const saveClaimPayout = putStep('payout');
/** POST /api/claims/{id}/documents/: attaches a finished upload. */
export const addClaimDocument = (id: number, body: AddDocumentBody) => request(claimSchema, () => http.post(`${claimPath(id)}documents/`, { json: body }).json());
/** DELETE /api/claims/{id}/documents/{documentId}/ (drafts only). */
export const removeClaimDocument = (id: number, documentId: number) => request(claimSchema, () => http.delete(`${claimPath(id)}documents/${documentId}/`).json());
/** POST /api/claims/{id}/submit/: sends the draft (idempotent by key). */
export const submitClaim = (id: number, key: string) =>
  request(claimSchema, () => http.post(`${claimPath(id)}submit/`, { json: {}, headers: { [IDEMPOTENCY_HEADER]: key } }).json());
