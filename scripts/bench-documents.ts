/**
 * `npm run bench` (last part): how long the server takes to make a policy certificate and a fee
 * receipt (PDF, issue 23), and how large each is, against the targets (300 ms, 300 KB). A demo server
 * in memory on a free port; 20 of each, the first (font loading, code creation) reported apart.
 */
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/start';

const RUNS = 20;
const TIME_TARGET_MS = 300;
const SIZE_TARGET = 300 * 1024;

const server = await startServer({ memory: true, demo: true, devTools: true });
try {
  const call = async (path: string, init: RequestInit = {}, token?: string) =>
    fetch(`${server.url}${path}`, { ...init, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers ?? {}) } });
  const { access } = (await (await call('/api/token/', { method: 'POST', body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }) })).json()) as { access: string };
  const { contracts } = (await (await call('/api/contracts/', {}, access)).json()) as { contracts: { id: number }[] };
  const { fees } = (await (await call('/api/fees/due/', {}, access)).json()) as { fees: { id: number }[] };
  const payment = (await (
    await call('/api/fee-payments/', { method: 'POST', headers: { 'Idempotency-Key': `bench-${Date.now()}` }, body: JSON.stringify({ items: fees.slice(0, 2).map((fee) => fee.id), provider: 'qpay' }) }, access)
  ).json()) as { invoice_id: string };
  await call(`/api/dev/payments/${payment.invoice_id}/complete/`, { method: 'POST', body: JSON.stringify({ result: 'paid' }) });

  const measure = async (label: string, path: string) => {
    const times: number[] = [];
    let size = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      const started = performance.now();
      const response = await call(path, {}, access);
      const bytes = await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${label}: ${response.status}`);
      times.push(performance.now() - started);
      size = bytes.byteLength;
    }
    const [first = 0, ...rest] = times;
    rest.sort((a, b) => a - b);
    const median = rest[Math.floor(rest.length / 2)] ?? 0;
    const worst = rest.at(-1) ?? 0;
    const verdict = median <= TIME_TARGET_MS && size <= SIZE_TARGET ? 'OK' : 'OVER';
    console.log(
      `  ${label.padEnd(22)} first ${first.toFixed(0).padStart(5)} ms   median ${median.toFixed(0).padStart(4)} ms   max ${worst.toFixed(0).padStart(4)} ms   ${(size / 1024).toFixed(1).padStart(6)} KB   ${verdict}`,
    );
  };
  console.log(`\nDocuments (PDF, ${RUNS} runs after the first; targets ${TIME_TARGET_MS} ms and ${SIZE_TARGET / 1024} KB)`);
  await measure('certificate (mn)', `/api/contracts/${contracts[0]?.id}/certificate/?lang=mn`);
  await measure('certificate (en)', `/api/contracts/${contracts[0]?.id}/certificate/?lang=en`);
  await measure('fee receipt (mn)', `/api/invoices/${payment.invoice_id}/receipt/?lang=mn`);
} finally {
  await server.close();
}
