/**
 * The payments area: invoices, the three providers, callbacks, settlement and the invoice purposes. This
 * module is what the rest of the server may use of it: other areas (those below it in
 * eslint/boundaries.js's SERVER_AREAS only), the composition (server/app.ts, server/start.ts,
 * server/setup/) and the server's platform (types only) import the area from here and from nowhere else
 * (`boundaries/server-areas`). Inside the area, files import each other directly.
 */
export { mayReadInvoice } from './invoice-access';
export { expireDueInvoices, readInvoice, toInvoice, type InvoiceRow } from './invoices.repo';
export { paymentRoutes } from './payments.routes';
export { maskPhone } from './providers';
export { createInvoice, registerInvoicePurpose, type PurposeInvoice, type PurposePayment } from './purposes';
export { sandboxRoutes } from './sandbox.routes';
