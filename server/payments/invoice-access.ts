/**
 * Who may read an invoice (its status, its receipt, a purchase's certificate): a purchase's invoice its
 * buyer or the visitor holding the application's key; any other purpose's its owner only. Everyone
 * else gets the 404 of an unknown id.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../http/env';
import { mayAccess, type MaybeUserEnv } from '../insurance';
import type { InvoiceRow } from './invoices.repo';

export const mayReadInvoice = (c: Context<AppEnv & MaybeUserEnv>, secret: string, row: InvoiceRow) =>
  row.application_id === null
    ? c.var.maybeUser !== undefined && row.user_id === c.var.maybeUser.id
    : mayAccess(c, secret, { id: row.application_id, user_id: row.user_id }, c.var.maybeUser);
