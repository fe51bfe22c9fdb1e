/**
 * Issue 23 in the browser: the certificate downloaded from the policy page (in the page's language and
 * the other one), a receipt downloaded after a fee payment, and the public verification page for a
 * genuine and a forged code, in both languages.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { useBrowserTests } from './support/harness';
import { ContractsPage } from './support/pages/contracts.page';
import { DocumentsPage } from './support/pages/documents.page';
import { accessTokenFor, demoUser } from './support/users';
import { expectVisible } from './support/ui';

const e2e = useBrowserTests();

const open = async (language: 'mn' | 'en', signedIn = true) => {
  const site = await e2e.openSite({ language, ...(signedIn ? { signedInAs: demoUser } : {}) });
  return { ...site, contracts: new ContractsPage(site.language), documents: new DocumentsPage(site.language) };
};

const api = async (path: string, init: RequestInit = {}) => {
  const token = await accessTokenFor(e2e.baseUrl, demoUser);
  return fetch(`${e2e.baseUrl}${path}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) } });
};

describe('documents', () => {
  it('downloads the certificate from the policy page, in the page language and the other one', async () => {
    const { contracts, documents } = await open('en');
    await contracts.open();
    await contracts.openContract('LI-2023-000184');
    const english = await documents.download('certificate');
    expect(english).toEqual({ filename: 'certificate-LI-2023-000184-en.pdf', head: '%PDF-' });
    const mongolian = await documents.download('otherLanguage.mn');
    expect(mongolian).toEqual({ filename: 'certificate-LI-2023-000184-mn.pdf', head: '%PDF-' });
  });

  it('downloads the receipt of a fee payment from its paid status page', async () => {
    const due = (await (await api('/api/fees/due/')).json()) as { fees: { id: number; policy_id: number }[] };
    const fee = due.fees[0];
    const payment = (await (
      await api('/api/fee-payments/', { method: 'POST', headers: { 'Idempotency-Key': `e2e-documents-${Date.now()}` }, body: JSON.stringify({ items: [fee?.id], provider: 'qpay' }) })
    ).json()) as { invoice_id: string };
    expect((await api(`/api/dev/payments/${payment.invoice_id}/complete/`, { method: 'POST', body: JSON.stringify({ result: 'paid' }) })).status).toBe(200);

    const { page, documents } = await open('mn');
    await page.goto(`/user/contract/${fee?.policy_id}/payment/${payment.invoice_id}`);
    const receipt = await documents.download('receipt');
    expect(receipt.filename).toMatch(/^receipt-[0-9a-f]{8}-mn\.pdf$/);
    expect(receipt.head).toBe('%PDF-');
  });

  it('says a genuine certificate is genuine and in force, and a forged code is not, in both languages', async () => {
    const contracts = (await (await api('/api/contracts/')).json()) as { contracts: { id: number; contract_number: string }[] };
    const policy = contracts.contracts.find((contract) => contract.contract_number === 'LI-2023-000184');
    const pdf = new Uint8Array(await (await api(`/api/contracts/${policy?.id}/certificate/?lang=en`)).arrayBuffer());
    const { text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
    const code = /\b([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})\b/.exec(text)?.[1] ?? '';
    expect(code).not.toBe('');

    const english = await open('en', false);
    await english.documents.openVerify(code);
    const genuine = await english.documents.verifyResult();
    expect(genuine.result).toBe('genuine');
    expect(genuine.text).toContain('This document is genuine');
    expect(genuine.text).toContain('The policy is in force');
    expect(genuine.text).toContain('LI-2023-000184');
    // A masked name, nothing more.
    expect(genuine.text).not.toContain('Дорж Бат-Эрдэнэ');

    const mongolian = await open('mn', false);
    const forged = `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`;
    await mongolian.documents.openVerify(forged);
    const refused = await mongolian.documents.verifyResult();
    expect(refused.result).toBe('forged');
    expect(refused.text).toContain('Энэ кодтой баримт олдсонгүй');
    await expectVisible(mongolian.page.getByRole('alert'));
  });
});
