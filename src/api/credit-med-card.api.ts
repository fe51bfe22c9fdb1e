/** Credit Med, the card side (docs/api.md "Credit Med: card and pre-claims"): one function per call. */
import { http, request } from './client';
import { IDEMPOTENCY_HEADER } from '../../contract/insurance.schema';
import {
  cardSummarySchema,
  hospitalListSchema,
  preClaimSchema,
  type CreatePreClaimBody,
  type CreateRepaymentBody,
} from '../../contract/credit-med-card.schema';
import { invoiceSchema, type CreateInvoiceBody } from '../../contract/payment.schema';

/** GET /api/credit-med/card/: the contract's and card's state, the balance, the pre-claims and what is owed. */
export const getCardSummary = () => request(cardSummarySchema, () => http.get('api/credit-med/card/').json());

/** GET /api/credit-med/hospitals/?q=: hospitals whose name or address contains the query. */
export const searchHospitals = async (query: string) =>
  (await request(hospitalListSchema, () => http.get('api/credit-med/hospitals/', { searchParams: { q: query } }).json())).hospitals;

/** POST /api/credit-med/pre-claims/: the same key answers the same pre-claim; a refused try needs a new key. */
export const createPreClaim = (key: string, body: CreatePreClaimBody) =>
  request(preClaimSchema, () => http.post('api/credit-med/pre-claims/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());

/** GET /api/credit-med/pre-claims/{id}/: the user's own pre-claim (404 for anyone else's). */
export const getPreClaim = (id: number) => request(preClaimSchema, () => http.get(`api/credit-med/pre-claims/${id}/`).json());

/** POST /api/credit-med/card/invoice/: the card fee's invoice with one provider (and MostMoney's phone; the same key answers the same invoice). */
export const createCardInvoice = (key: string, body: CreateInvoiceBody) =>
  request(invoiceSchema, () => http.post('api/credit-med/card/invoice/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());

/** POST /api/credit-med/repayments/: an invoice for what a pre-claim owes. */
export const createRepayment = (key: string, body: CreateRepaymentBody) =>
  request(invoiceSchema, () => http.post('api/credit-med/repayments/', { json: body, headers: { [IDEMPOTENCY_HEADER]: key } }).json());
