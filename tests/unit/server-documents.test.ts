/**
 * Documents (docs/api.md "Documents", issue 23): each PDF is opened and its text read back (both
 * languages): the certificate's policy fields, a fee receipt covering two policies, a purchase
 * receipt, a claim's summary and decision letter; another user's request gets the same 404 as an
 * unknown id; the verification of a good, a lapsed, a revoked and a forged code.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { claimListSchema, claimSchema } from '../../contract/claim.schema';
import { verifyAnswerSchema } from '../../contract/document.schema';
import { feeListSchema, feePaymentSchema } from '../../contract/fee.schema';
import { contractDetailSchema, contractListSchema } from '../../contract/insurance.schema';
import { revokeDocumentCode } from '../../server/documents/codes.repo';
import { createTestServer, type TestServer } from '../../server/testing';
import { completeDraft, createInvoice, newKey, send, tokenFor } from './support/purchase';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let server: TestServer;
let app: ReturnType<TestServer['app']>;
let demo: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  server = await createTestServer();
  app = server.app();
  demo = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
  other = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'user2@example.com')}` };
});
afterAll(async () => {
  await server.close();
});

/** The PDF's text, pages joined; also checks the answer is a PDF with a file name. */
const pdfText = async (response: Response, name: RegExp) => {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  expect(response.headers.get('content-disposition')).toMatch(name);
  expect(response.headers.get('cache-control')).toContain('no-store');
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  // Lines and spaces as the PDF places them; compare on single spaces.
  return text.replace(/\s+/g, ' ');
};

const codeOf = (text: string) => /\b([0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4})\b/.exec(text)?.[1] ?? '';

const verify = async (code: string, language = 'en') =>
  verifyAnswerSchema.parse(await (await send(app, 'GET', `/api/verify/${code}/`, undefined, { 'Accept-Language': language })).json());

describe('documents: the policy certificate', () => {
  it('states every field of the policy page, the beneficiaries, the contract text and the schedule, in both languages', async () => {
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, demo)).json());
    const savings = contracts.find((contract) => contract.contract_number === 'TS-2022-004512') ?? contracts[0];
    const detail = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${savings?.id}/`, undefined, { ...demo, 'Accept-Language': 'en' })).json());

    const english = await pdfText(await send(app, 'GET', `/api/contracts/${detail.id}/certificate/?lang=en`, undefined, demo), /certificate-.*-en\.pdf/);
    for (const value of [
      'Certificate of insurance',
      detail.contract_number,
      detail.product_name,
      detail.owner,
      detail.insurer,
      detail.company_name,
      'Policyholder',
      'Insured person',
      'Start date',
      'End date',
      `${detail.duration_years} years`,
      'Total premium',
      'Premium schedule',
      'Date of agreement',
      'Contract terms',
    ]) {
      expect(english).toContain(value);
    }
    const plainMoney = (amount: number) => new Intl.NumberFormat('en-US').format(amount);
    expect(english).toContain(`MNT ${plainMoney(detail.total_fee)}`);
    expect(english).toContain(`MNT ${plainMoney(detail.fee_amount)}`);
    if (detail.savings !== null) expect(english).toContain(`MNT ${plainMoney(detail.savings)}`);
    if (detail.interest_rate !== null) expect(english).toContain(`${detail.interest_rate}%`);
    for (const beneficiary of detail.beneficiaries) {
      expect(english).toContain(beneficiary.name);
      expect(english).toContain(`${beneficiary.share}%`);
    }
    expect(english).toContain(`${detail.fee_schedule.length} premiums in all, ${detail.fee_schedule.filter((fee) => fee.status === 'paid').length} paid`);

    const mongolian = await pdfText(await send(app, 'GET', `/api/contracts/${detail.id}/certificate/?lang=mn`, undefined, demo), /-mn\.pdf/);
    for (const value of ['Даатгалын гэрээний гэрчилгээ', 'Даатгуулагч (гэрээ эзэмшигч)', 'Даатгуулсан этгээд', 'Нийт хураамж', 'Ашиг хүртэгч', detail.contract_number]) {
      expect(mongolian).toContain(value);
    }
    // The ₮ sign and Cyrillic come from the embedded font: read back as written.
    expect(mongolian).toContain(`₮ ${plainMoney(detail.total_fee)}`);
    // Both languages carry the same code: it names the document, not the copy.
    expect(codeOf(mongolian)).toBe(codeOf(english));
    expect(codeOf(english)).not.toBe('');
  });

  it('answers another user, an unknown id and no token like a policy that does not exist', async () => {
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, demo)).json());
    const id = contracts[0]?.id;
    expect((await send(app, 'GET', `/api/contracts/${id}/certificate/`, undefined, other)).status).toBe(404);
    expect((await send(app, 'GET', '/api/contracts/999999/certificate/', undefined, demo)).status).toBe(404);
    expect((await send(app, 'GET', `/api/contracts/${id}/certificate/`)).status).toBe(401);
  });

  it('verifies a good code as in force, a lapsed policy as lapsed, a revoked code as revoked, and a forged one as not genuine', async () => {
    const { contracts } = contractListSchema.parse(await (await send(app, 'GET', '/api/contracts/', undefined, demo)).json());
    const active = contracts.find((contract) => contract.status === 'active');
    const text = await pdfText(await send(app, 'GET', `/api/contracts/${active?.id}/certificate/`, undefined, demo), /\.pdf/);
    const code = codeOf(text);
    const good = await verify(code);
    expect(good).toMatchObject({ genuine: true, revoked: false, document: { kind: 'certificate', state: 'in_force', reference: active?.contract_number } });
    // No more personal data than a masked name.
    expect(good.document?.name).toMatch(/^\S\. (\S\*\*\* ?)*$/);
    expect(JSON.stringify(good)).not.toContain('demo@example.com');
    // Typed by hand: lower case, no dashes, O for 0 — the same document.
    expect((await verify(code.toLowerCase().replace(/-/g, '').replace(/0/g, 'o'))).genuine).toBe(true);

    // The policy lapses: the same code now says so.
    await server.db.query(`update policies set status = 'lapsed' where id = $1`, [active?.id]);
    expect((await verify(code)).document?.state).toBe('lapsed');
    await server.db.query(`update policies set status = 'active' where id = $1`, [active?.id]);

    // An altered code (one character changed) and a made-up one are not genuine.
    const altered = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    expect(await verify(altered)).toMatchObject({ genuine: false, document: null });
    expect(await verify('not-a-code')).toMatchObject({ genuine: false, document: null });

    // Revoked by the insurer: genuine but withdrawn; the next download makes a new code.
    expect(await revokeDocumentCode(server.db, code)).toBe(true);
    expect(await verify(code)).toMatchObject({ genuine: true, revoked: true });
    const again = codeOf(await pdfText(await send(app, 'GET', `/api/contracts/${active?.id}/certificate/`, undefined, demo), /\.pdf/));
    expect(again).not.toBe(code);
    expect((await verify(again)).revoked).toBe(false);
  });
});

describe('documents: receipts', () => {
  it('gives a fee payment covering two policies a receipt naming both policies and every period, its owner only', async () => {
    const { fees } = feeListSchema.parse(await (await send(app, 'GET', '/api/fees/due/', undefined, demo)).json());
    const chosen = [fees[0], fees.find((fee) => fee.contract_number !== fees[0]?.contract_number)].filter((fee) => fee !== undefined);
    expect(chosen).toHaveLength(2);
    const payment = feePaymentSchema.parse(
      await (await send(app, 'POST', '/api/fee-payments/', { items: chosen.map((fee) => fee.id), provider: 'qpay' }, { ...demo, 'Idempotency-Key': newKey() })).json(),
    );
    const invoiceId = payment.invoice_id ?? '';
    // Not paid yet: no receipt.
    expect((await send(app, 'GET', `/api/invoices/${invoiceId}/receipt/`, undefined, demo)).status).toBe(404);
    expect((await send(app, 'POST', `/api/dev/payments/${invoiceId}/complete/`, { result: 'paid' })).status).toBe(200);

    const text = await pdfText(await send(app, 'GET', `/api/invoices/${invoiceId}/receipt/?lang=en`, undefined, demo), /receipt-.*-en\.pdf/);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Insurance premiums');
    expect(text).toContain('QPay');
    expect(text).toContain(invoiceId);
    expect(text).toContain(`MNT ${new Intl.NumberFormat('en-US').format(payment.amount)}`);
    expect(text).toContain('(Ulaanbaatar)');
    for (const fee of chosen) expect(text).toContain(fee.contract_number);
    const { rows } = await server.db.query<{ name: string; reference: string }>(
      `select u.name, i.provider_payment_id as reference from invoices i join users u on u.id = i.user_id where i.id = $1`,
      [invoiceId],
    );
    expect(text).toContain(rows[0]?.name ?? 'no payer');
    expect(text).toContain(rows[0]?.reference ?? 'no reference');
    const mongolian = await pdfText(await send(app, 'GET', `/api/invoices/${invoiceId}/receipt/?lang=mn`, undefined, demo), /-mn\.pdf/);
    expect(mongolian).toContain('Төлбөрийн баримт');
    expect(mongolian).toContain('Даатгалын хураамж');

    expect((await send(app, 'GET', `/api/invoices/${invoiceId}/receipt/`, undefined, other)).status).toBe(404);
    const verified = await verify(codeOf(text));
    expect(verified).toMatchObject({ genuine: true, document: { kind: 'receipt', state: 'received', amount: payment.amount } });

    // The policy's paid history links the payment to its receipt.
    const policy = contractDetailSchema.parse(await (await send(app, 'GET', `/api/contracts/${chosen[0]?.policy_id}/`, undefined, demo)).json());
    expect(policy.payments.some((entry) => entry.invoice_id === invoiceId)).toBe(true);
  });

  it('gives the online purchase a receipt naming the new policy, readable with the application key and by the insured once signed in', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    expect((await send(app, 'POST', `/api/dev/payments/${invoice?.id}/complete/`, { result: 'paid' })).status).toBe(200);
    const text = await pdfText(await send(app, 'GET', `/api/invoices/${invoice?.id}/receipt/?lang=en`, undefined, draft.owner), /\.pdf/);
    const { rows } = await server.db.query<{ contract_number: string }>('select contract_number from policies where invoice_id = $1', [invoice?.id]);
    expect(text).toContain('First premium of a new policy');
    expect(text).toContain(rows[0]?.contract_number ?? 'no policy');
    // The purchase insured the second user's register number with their phone: once signed in, the
    // policy is theirs to see and so is its receipt; anyone else gets the 404 of an unknown invoice.
    expect((await send(app, 'GET', `/api/invoices/${invoice?.id}/receipt/`, undefined, other)).status).toBe(200);
    expect((await send(app, 'GET', `/api/invoices/${invoice?.id}/receipt/`, undefined, demo)).status).toBe(404);
    expect((await send(app, 'GET', `/api/invoices/${invoice?.id}/receipt/`)).status).toBe(404);
  });

  it('gives the purchase\'s success page the new policy\'s certificate, once paid, to the application key and the insured only', async () => {
    const draft = await completeDraft(app);
    const { invoice } = await createInvoice(app, draft, { provider: 'qpay' });
    const path = `/api/invoices/${invoice?.id}/certificate/`;
    // Not paid: no policy yet, the same 404 as for an unknown invoice.
    expect((await send(app, 'GET', path, undefined, draft.owner)).status).toBe(404);
    expect((await send(app, 'POST', `/api/dev/payments/${invoice?.id}/complete/`, { result: 'paid' })).status).toBe(200);
    const { rows } = await server.db.query<{ contract_number: string }>('select contract_number from policies where invoice_id = $1', [invoice?.id]);
    const text = await pdfText(await send(app, 'GET', `${path}?lang=en`, undefined, draft.owner), /certificate-.*-en\.pdf/);
    expect(text).toContain('Certificate of insurance');
    expect(text).toContain(rows[0]?.contract_number ?? 'no policy');
    expect((await send(app, 'GET', path, undefined, other)).status).toBe(200);
    expect((await send(app, 'GET', path, undefined, demo)).status).toBe(404);
    expect((await send(app, 'GET', path)).status).toBe(404);
  });
});

describe('documents: claim letters', () => {
  it('summarises a sent claim with the payout account masked, and writes the decision of a resolved one', async () => {
    const { claims } = claimListSchema.parse(await (await send(app, 'GET', '/api/claims/', undefined, demo)).json());
    const refused = claims.find((claim) => claim.outcome === 'refused');
    const paid = claims.find((claim) => claim.outcome === 'paid');
    const open = claims.find((claim) => claim.status === 'sent' && claim.outcome === null);
    expect(refused && paid && open).toBeTruthy();

    const summary = await pdfText(await send(app, 'GET', `/api/claims/${paid?.id}/summary/?lang=en`, undefined, demo), /claim-.*-en\.pdf/);
    const { rows } = await server.db.query<{ payout: { account_number: string } | null; event: { hospital: string; diagnosis: string } | null }>(
      'select payout, event from claims where id = $1',
      [paid?.id],
    );
    const account = rows[0]?.payout?.account_number ?? '';
    expect(summary).toContain(paid?.claim_number ?? 'no number');
    expect(summary).toContain(rows[0]?.event?.hospital ?? 'no hospital');
    expect(summary).toContain(rows[0]?.event?.diagnosis ?? 'no diagnosis');
    expect(summary).toContain('Documents attached');
    expect(summary).toContain(`******${account.slice(-4)}`);
    expect(summary).not.toContain(account);

    const decision = await pdfText(await send(app, 'GET', `/api/claims/${refused?.id}/decision/?lang=en`, undefined, demo), /claim-decision-.*\.pdf/);
    const refusal = claimSchema.parse(await (await send(app, 'GET', `/api/claims/${refused?.id}/`, undefined, { ...demo, 'Accept-Language': 'en' })).json());
    expect(decision).toContain('Claim refused');
    expect(decision).toContain(`MNT ${new Intl.NumberFormat('en-US').format(Number(refusal.refused_amount))}`);
    expect(decision).toContain(refusal.refused_reason ?? 'no reason');
    expect(decision).toContain('appeal');
    const mongolianDecision = await pdfText(await send(app, 'GET', `/api/claims/${paid?.id}/decision/?lang=mn`, undefined, demo), /-mn\.pdf/);
    expect(mongolianDecision).toContain('Нөхөн төлбөр олгосон');
    expect((await verify(codeOf(decision))).document).toMatchObject({ kind: 'claim_decision', state: 'refused' });

    // No decision before there is one; nothing for another user.
    expect((await send(app, 'GET', `/api/claims/${open?.id}/decision/`, undefined, demo)).status).toBe(404);
    expect((await send(app, 'GET', `/api/claims/${paid?.id}/summary/`, undefined, other)).status).toBe(404);
    expect((await send(app, 'GET', `/api/claims/${refused?.id}/decision/`, undefined, other)).status).toBe(404);
  });
});
