/** The signed-in user's policies (docs/api.md, "GET /api/contracts/"), in the current language. */
import { http, request } from './client';
import { contractDetailSchema, contractListSchema } from '../../contract/insurance.schema';

/**
 * GET /api/contracts/?before=&contract=: the user's policies and those insuring their register number, newest first,
 * 20 a page, from the `next` cursor of the page before; with `contract`, those whose number begins with it.
 */
export const getContracts = (before: string | null = null, contract: string | null = null) => {
  const searchParams: Record<string, string> = {};
  if (before) searchParams.before = before;
  if (contract) searchParams.contract = contract;
  return request(contractListSchema, () => http.get('api/contracts/', { searchParams }).json());
};

/** GET /api/contracts/{id}/: one policy with its schedule, payments and beneficiaries (404 when not the user's). */
export const getContract = (id: string) =>
  request(contractDetailSchema, () => http.get(`api/contracts/${encodeURIComponent(id)}/`).json());
