/** Fees (docs/api.md, "Fees"): one function per call. */
import { http, request } from './client';
import { codeSentSchema } from '../../contract/account.schema';
import { dueFeesSchema, feeAccessSchema, feeListSchema, feePaymentSchema, type CreateFeePaymentBody, type FeeAccessStart } from '../../contract/fee.schema';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';

const id = (value: string | number) => encodeURIComponent(String(value));

/** GET /api/contracts/{id}/fees/: the policy's whole fee schedule. */
export const getPolicyFees = (policyId: string | number) => request(feeListSchema, () => http.get(`api/contracts/${id(policyId)}/fees/`).json());

/** GET /api/fees/due/: the earliest due and overdue fees of my policies (one payment's worth), with the totals over all of them. */
export const getDueFees = () => request(dueFeesSchema, () => http.get('api/fees/due/').json());

/** POST /api/fee-payments/: one payment of the chosen fees (the same key answers the same payment). */
export const createFeePayment = (key: string, body: CreateFeePaymentBody) =>
  request(feePaymentSchema, () => http.post('api/fee-payments/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());

/** POST /api/fee-access/: a code to the contract phone of the policy with this register number and phone. */
export const startFeeAccess = (key: string, body: FeeAccessStart) =>
  request(feeAccessSchema, () => http.post('api/fee-access/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());

/** GET /api/fee-access/{id}/: where the confirmation stands (confirmed: the policy and its due fees). */
export const getFeeAccess = (accessId: string) => request(feeAccessSchema, () => http.get(`api/fee-access/${id(accessId)}/`).json());

/** POST /api/fee-access/{id}/resend/: a new code. */
export const resendFeeCode = (accessId: string) => request(codeSentSchema, () => http.post(`api/fee-access/${id(accessId)}/resend/`, { json: {} }).json());

/** POST /api/fee-access/{id}/confirm/: checks the code. */
export const confirmFeeCode = (accessId: string, code: string) =>
  request(feeAccessSchema, () => http.post(`api/fee-access/${id(accessId)}/confirm/`, { json: { code } }).json());
