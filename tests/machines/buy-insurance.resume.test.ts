/**
 * What the purchase wizard stores for resume (`persistedForResume`), and its hand-off: the runner
 * persists only what resume needs, and the machine leaves the wizard by emitting `flow.navigate`.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { persistedForResume, type BuySnapshot } from '../../machines/buy-insurance.connect';
import { buyInsuranceMachine, type AccessInput, type Loaded, type LoadInput } from '../../machines/buy-insurance.machine';
import type { Application } from '../../contract/insurance.schema';
import type { CreateInvoiceBody, Invoice } from '../../contract/payment.schema';
import type { FlowNavigate } from '../../machines/flow';
import { ACCESS_KEY, APPLICATION_ID, applications, invoiceOf, KEY_SEED, loaded, TODAY } from './buy-insurance.model';

/** The snapshot the runner would store (xstate types it loosely). */
const persistedOf = (actor: { getPersistedSnapshot: () => unknown }) => actor.getPersistedSnapshot() as { context: BuySnapshot['context'] };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const startAt = async (application: Application = applications.complete) => {
  const machine = buyInsuranceMachine.provide({
    actors: {
      // A visitor pressed "buy": the new draft comes with the visitor's access key.
      listDrafts: fromPromise<Application[], void>(async () => []),
      createApplication: fromPromise<Application, { productId: number; key: string }>(async () => ({ ...application, access_key: ACCESS_KEY }) as Application),
      loadApplication: fromPromise<Loaded, LoadInput>(async () => loaded(application)),
      createInvoice: fromPromise<Invoice, AccessInput & { key: string; body: CreateInvoiceBody }>(async () => invoiceOf('qpay')),
    },
  });
  const actor = createActor(machine, { input: { productId: 100, applicationId: null, keySeed: KEY_SEED, today: TODAY } });
  const emitted: FlowNavigate[] = [];
  actor.on('flow.navigate', (event) => emitted.push(event));
  actor.start();
  await settle();
  return { actor, emitted };
};

describe('buy-insurance resume and hand-off', () => {
  it('stores a settled step without the product, the application, the drafts or the quote (they are fetched again)', async () => {
    const { actor } = await startAt();
    const snapshot = actor.getSnapshot() as BuySnapshot;
    expect(snapshot.matches({ payment: 'choosing' })).toBe(true);
    const kept = persistedForResume(persistedOf(actor), snapshot);
    expect(kept?.context).toMatchObject({ product: null, application: null, drafts: [], quote: null, applicationId: APPLICATION_ID, keySeed: KEY_SEED });
    // What the user chose is kept.
    actor.send({ type: 'payment.choose', provider: 'qpay' });
    const again = persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot);
    expect(again?.context.payment.provider).toBe('qpay');
  });

  it('stores nothing for a deep link that found no purchase, so it cannot replace the one under way', () => {
    const actor = createActor(buyInsuranceMachine, { input: { productId: null, applicationId: null, keySeed: KEY_SEED, today: TODAY } }).start();
    expect(persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot)).toBeUndefined();
  });

  it('hands off to the QR status page with the draft key for the status pages, and derives keys from the seed', async () => {
    const { actor, emitted } = await startAt();
    actor.send({ type: 'payment.choose', provider: 'qpay' });
    const { invoiceKey } = actor.getSnapshot().context;
    expect(invoiceKey.startsWith(`${KEY_SEED}.`)).toBe(true);
    actor.send({ type: 'payment.submit' });
    await settle();
    actor.send({ type: 'payment.continue' });
    const invoice = invoiceOf('qpay');
    expect(emitted).toEqual([
      {
        type: 'flow.navigate',
        to: `/insurance/buy/payment/status/qpay/?invoice=${encodeURIComponent(invoice.id)}`,
        handOff: { name: 'purchase', data: { applicationId: invoice.application_id, applicationKey: ACCESS_KEY } },
      },
    ]);
  });
});
