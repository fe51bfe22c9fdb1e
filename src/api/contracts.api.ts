/** The signed-in user's policies (docs/api.md, "GET /api/contracts/"), in the current language. */
import { http, request } from './client';
import { contractDetailSchema, contractListSchema } from '../../contract/insurance.schema';

/** GET /api/contracts/: the user's policies and those insuring their register number, newest first. */
export const getContracts = () => request(contractListSchema, () => http.get('api/contracts/').json());

/** GET /api/contracts/{id}/: one policy with its schedule, payments and beneficiaries (404 when not the user's). */
export const getContract = (id: string) =>
  request(contractDetailSchema, () => http.get(`api/contracts/${encodeURIComponent(id)}/`).json());
