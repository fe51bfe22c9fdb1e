/**
 * The payment sandboxes' browser pages, served by this server under the same CSP as everything (no
 * inline script or style; the stylesheet is a file): the khan bank's card page, and with devTools a
 * page that makes the QR or mobile-money provider report a result.
 */
import { Hono } from 'hono';
import { html, raw } from 'hono/html';
import type { Invoice } from '../../contract/payment.schema';
import type { Db } from '../db/db';
import { completeSandboxPayment, settleKhan } from './callbacks';
import { expireDueInvoices, readInvoice, toInvoice } from './invoices.repo';
import { khanReturnUrlOf } from './purposes';
import { isUuid } from '../insurance';
import { HANDOFF_PARAM, isHandoffToken, isSameOriginPost, sandboxFormLimit } from './handoff';

export interface SandboxDeps {
  db: Db;
  secret: string;
  devTools: boolean;
}

const STYLES = `
body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #eef2f5; color: #1d2733; }
main { max-width: 420px; margin: 48px auto; background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
header { display: flex; align-items: center; gap: 12px; margin-bottom: 20px; }
.logo { width: 40px; height: 40px; border-radius: 8px; background: #00693c; color: #fff; display: grid; place-items: center; font-weight: 700; }
.logo.dev { background: #7a4cc2; }
h1 { font-size: 20px; margin: 0; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0 0 20px; }
dt { color: #5b6875; } dd { margin: 0; font-weight: 600; text-align: right; }
label { display: block; font-size: 14px; color: #5b6875; margin-bottom: 12px; }
input { display: block; width: 100%; box-sizing: border-box; margin-top: 4px; padding: 10px; border: 1px solid #c4ccd4; border-radius: 8px; font: inherit; }
.row { display: flex; gap: 12px; } .row label { flex: 1; }
.buttons { display: flex; gap: 12px; margin-top: 8px; }
button { flex: 1; padding: 12px; border-radius: 8px; border: 0; font: inherit; font-weight: 600; cursor: pointer; }
button[value=pay], button[value=paid] { background: #00693c; color: #fff; }
button[value=decline], button[value=failed] { background: #e6e9ec; color: #1d2733; }
p.note { font-size: 13px; color: #5b6875; }
`;

const amountText = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} ₮`;

const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="mn">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
    <link rel="stylesheet" href="/sandbox/sandbox.css" />
  </head>
  <body>
    ${body}
  </body>
</html>`;

const details = (invoice: Invoice) => html`<dl>
  <dt>Merchant / Худалдагч</dt>
  <dd>Nar Life Insurance LLC</dd>
  <dt>Invoice / Нэхэмжлэх</dt>
  <dd>${invoice.id.slice(0, 8).toUpperCase()}</dd>
  <dt>Amount / Дүн</dt>
  <dd>${amountText(invoice.amount)}</dd>
</dl>`;


export const sandboxRoutes = ({ db, secret, devTools }: SandboxDeps) => {
  const app = new Hono();

  const invoiceOf = async (id: string | undefined, provider?: Invoice['provider']) => {
    if (!id || !isUuid(id)) return undefined;
    await expireDueInvoices(db, { invoiceId: id });
    const row = await readInvoice(db, id);
    if (!row || (provider && row.provider !== provider)) return undefined;
    return toInvoice(row, secret);
  };

  const missing = () =>
    new Response('Invoice not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });

  app.get('/sandbox/sandbox.css', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(STYLES, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  const refused = () =>
    new Response('This payment page must be opened from the shop. Төлбөрийн хуудсыг дэлгүүрээс нээнэ үү.', {
      status: 403,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });

  app.get('/sandbox/khan/:id/', async (c) => {
    const invoice = await invoiceOf(c.req.param('id'), 'khan');
    if (!invoice) return missing();
    const handoff = c.req.query(HANDOFF_PARAM);
    if (!isHandoffToken(secret, invoice.id, handoff)) return refused();
    c.header('Cache-Control', 'no-store');
    // A settled or expired invoice cannot be paid again: back to the shop's status page.
    if (invoice.status !== 'pending') return c.redirect(await khanReturnUrlOf(db, invoice), 303);
    return c.html(
      page(
        'Khan Bank — card payment (sandbox)',
        html`<main>
          <header><div class="logo" aria-hidden="true">KB</div><h1>Khan Bank · Card payment</h1></header>
          ${details(invoice)}
          <form method="post" action="/sandbox/khan/${invoice.id}/">
            <input type="hidden" name="${HANDOFF_PARAM}" value="${handoff}" />
            <label>Card number / Картын дугаар<input name="card" inputmode="numeric" autocomplete="off" value="4000 0000 0000 0002" /></label>
            <div class="row">
              <label>Valid thru<input name="expiry" autocomplete="off" value="12/29" /></label>
              <label>CVV<input name="cvv" inputmode="numeric" autocomplete="off" value="123" /></label>
            </div>
            <div class="buttons">
              <button type="submit" name="action" value="pay">Pay / Төлөх</button>
              <button type="submit" name="action" value="decline">Decline / Татгалзах</button>
            </div>
          </form>
          <p class="note">Sandbox: no card is charged. Туршилтын орчин: картаас мөнгө хасагдахгүй.</p>
        </main>`,
      ),
    );
  });

  app.post('/sandbox/khan/:id/', sandboxFormLimit, async (c) => {
    const id = c.req.param('id');
    const invoice = await invoiceOf(id, 'khan');
    if (!invoice) return missing();
    // Only the page the shop handed this browser to may act: its token, posted from this origin.
    if (!isSameOriginPost(c)) return refused();
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    if (!isHandoffToken(secret, invoice.id, form[HANDOFF_PARAM])) return refused();
    if (invoice.status === 'pending') await settleKhan(db, invoice.id, form.action === 'pay' ? 'paid' : 'failed');
    const settled = await invoiceOf(id, 'khan');
    // Back to the app's status page of the invoice's purpose (the purchase's by default).
    return c.redirect(await khanReturnUrlOf(db, settled ?? invoice), 303);
  });

  if (devTools) {
    app.get('/sandbox/dev/:id/', async (c) => {
      const invoice = await invoiceOf(c.req.param('id'));
      if (!invoice) return missing();
      c.header('Cache-Control', 'no-store');
      return c.html(
        page(
          'Sandbox payment (development)',
          html`<main>
            <header><div class="logo dev" aria-hidden="true">DEV</div><h1>${invoice.provider} sandbox</h1></header>
            ${details(invoice)}
            <p>Status: <strong>${invoice.status}</strong>${invoice.policy_number ? raw(' · ') : ''}${invoice.policy_number ?? ''}</p>
            ${invoice.status === 'pending'
              ? html`<form method="post" action="/sandbox/dev/${invoice.id}/">
                  <div class="buttons">
                    <button type="submit" name="result" value="paid">Complete payment</button>
                    <button type="submit" name="result" value="failed">Fail payment</button>
                  </div>
                </form>`
              : ''}
            <p class="note">Development only: sends the provider's signed callback, as POST /api/dev/payments/{id}/complete/ does.</p>
          </main>`,
        ),
      );
    });

    app.post('/sandbox/dev/:id/', async (c) => {
      const id = c.req.param('id');
      if (!isUuid(id)) return missing();
      const row = await readInvoice(db, id);
      if (!row) return missing();
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
      await completeSandboxPayment(db, secret, row, form.result === 'paid' ? 'paid' : 'failed');
      return c.redirect(`/sandbox/dev/${id}/`, 303);
    });
  }

  return app;
};
