/**
 * What the purchase wizard stores for resume (`persistedForResume`), and its hand-off: the runner
 * persists only what resume needs, and the machine leaves the wizard by emitting `flow.navigate`.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { persistedForResume, type BuySnapshot } from '../../machines/buy-insurance.connect';
import { buyInsuranceMachine, type Loaded, type LoadInput } from '../../machines/buy-insurance.machine';
import type { Application } from '../../contract/insurance.schema';
import { providerPaymentMachine, type CreatePaymentInput, type PaymentMade } from '../../machines/provider-payment.machine';
import type { FlowNavigate } from '../../machines/flow';
import { ACCESS_KEY, APPLICATION_ID, applications, invoiceOf, KEY_SEED, loaded, TODAY } from './buy-insurance.model';

/** The snapshot the runner would store (xstate types it loosely). */
const persistedOf = (actor: { getPersistedSnapshot: () => unknown }) => actor.getPersistedSnapshot() as { context: BuySnapshot['context'] };

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const INPUT = { productId: 100, applicationId: null, keySeed: KEY_SEED, today: TODAY };

/** The wizard with the real payment child, its invoice calls recorded. */
const machineFor = (application: Application, calls: CreatePaymentInput[] = []) =>
  buyInsuranceMachine.provide({
    actors: {
      // A visitor pressed "buy": the new draft comes with the visitor's access key.
      listDrafts: fromPromise<Application[], void>(async () => []),
      createApplication: fromPromise<Application, { productId: number; key: string }>(async () => ({ ...application, access_key: ACCESS_KEY }) as Application),
      loadApplication: fromPromise<Loaded, LoadInput>(async () => loaded(application)),
      providerPayment: providerPaymentMachine.provide({
        actors: { createPayment: fromPromise<PaymentMade, CreatePaymentInput>(async ({ input }) => (calls.push(input), { invoice: invoiceOf(input.provider), payment: null })) },
      }),
    },
  });

const startAt = async (application: Application = applications.complete, calls: CreatePaymentInput[] = []) => {
  const machine = machineFor(application, calls);
  const actor = createActor(machine, { input: INPUT });
  const emitted: FlowNavigate[] = [];
  actor.on('flow.navigate', (event) => emitted.push(event));
  actor.start();
  await settle();
  return { actor, emitted, machine };
};

/** The snapshot as the runner stores it and reads it back after a reload. */
const reloaded = (persisted: unknown) => JSON.parse(JSON.stringify(persisted)) as never;

describe('buy-insurance resume and hand-off', () => {
  it('stores a settled step without the product, the application, the drafts or the quote (they are fetched again)', async () => {
    const { actor } = await startAt();
    const snapshot = actor.getSnapshot() as BuySnapshot;
    expect(snapshot.matches({ payment: 'paying' })).toBe(true);
    const kept = persistedForResume(persistedOf(actor), snapshot);
    expect(kept?.context).toMatchObject({ product: null, application: null, drafts: [], quote: null, applicationId: APPLICATION_ID, keySeed: KEY_SEED });
    // What the user chose in the payment child is kept, in the parent and in the child stored with it.
    actor.getSnapshot().children.payment?.send({ type: 'payment.choose', provider: 'qpay' });
    const again = persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot) as { context: BuySnapshot['context']; children: Record<string, { snapshot: { context: { provider: string } } }> };
    expect(again.context.payment.provider).toBe('qpay');
    expect(again.children.payment?.snapshot.context.provider).toBe('qpay');
  });

  it('restores the payment step with its child: the invoice on screen, continued after a reload', async () => {
    const calls: CreatePaymentInput[] = [];
    const { actor, machine } = await startAt(applications.complete, calls);
    const payment = actor.getSnapshot().children.payment;
    payment?.send({ type: 'payment.choose', provider: 'mostmoney' });
    payment?.send({ type: 'payment.changePhone', value: '88094512' });
    payment?.send({ type: 'payment.submit' });
    await settle();
    const stored = reloaded(persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot));
    actor.stop();

    const restored = createActor(machine, { snapshot: stored, input: INPUT });
    const emitted: FlowNavigate[] = [];
    restored.on('flow.navigate', (event) => emitted.push(event));
    restored.start();
    const child = restored.getSnapshot().children.payment;
    expect(child?.getSnapshot().value).toBe('ready');
    expect(child?.getSnapshot().context.made?.invoice.provider).toBe('mostmoney');
    child?.send({ type: 'payment.continue' });
    expect(restored.getSnapshot().value).toEqual({ payment: 'handedOff' });
    expect(emitted.map((event) => event.to)).toEqual([`/insurance/buy/payment/status/mostmoney/?invoice=inv-mostmoney`]);
    expect(calls).toHaveLength(1);
  });

  it('a reload while the invoice is made sends the same key again; after it the step may reload', async () => {
    const calls: CreatePaymentInput[] = [];
    const { actor, machine } = await startAt(applications.complete, calls);
    actor.getSnapshot().children.payment?.send({ type: 'payment.choose', provider: 'qpay' });
    actor.getSnapshot().children.payment?.send({ type: 'payment.submit' });
    // Making the invoice: neither a refresh nor "back" leaves the step.
    expect(actor.getSnapshot().context.paymentStep).toBe('creating');
    expect(actor.getSnapshot().can({ type: 'flow.refresh' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'step.back' })).toBe(false);
    const stored = reloaded(persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot));
    // A request in flight keeps the application (its answer is handled with it).
    expect((stored as { context: BuySnapshot['context'] }).context.application).not.toBeNull();
    actor.stop();
    await settle();
    const restored = createActor(machine, { snapshot: stored, input: INPUT }).start();
    await settle();
    expect(calls.map((call) => call.key)).toEqual([`${KEY_SEED}.2.1`, `${KEY_SEED}.2.1`]);
    expect(restored.getSnapshot().children.payment?.getSnapshot().value).toBe('ready');
    expect(restored.getSnapshot().can({ type: 'flow.refresh' })).toBe(true);
  });

  it('resumes a purchase stored before the payment child when it was handed off; one in a payment state that is gone is refused', async () => {
    const { actor, machine } = await startAt();
    const { paymentStep: _added, ...older } = (actor.getSnapshot() as BuySnapshot).context;
    actor.stop();
    expect(() => machine.resolveState({ value: { payment: 'invoiceReady' } as never, context: older as never })).toThrow();
    const handedOff = machine.resolveState({ value: { payment: 'handedOff' }, context: { ...older, invoice: invoiceOf('qpay') } as never });
    const restored = createActor(machine, { snapshot: reloaded({ status: 'active', value: handedOff.value, context: handedOff.context, children: {}, historyValue: {} }), input: INPUT }).start();
    restored.send({ type: 'flow.refresh', provider: 'qpay' });
    await settle();
    expect(restored.getSnapshot().value).toEqual({ payment: 'paying' });
    expect(restored.getSnapshot().context).toMatchObject({ paymentStep: 'choosing', payment: { provider: 'qpay' } });
    expect(restored.getSnapshot().children.payment?.getSnapshot().context.provider).toBe('qpay');
  });

  it('stores nothing for a deep link that found no purchase, so it cannot replace the one under way', () => {
    const actor = createActor(buyInsuranceMachine, { input: { productId: null, applicationId: null, keySeed: KEY_SEED, today: TODAY } }).start();
    expect(persistedForResume(persistedOf(actor), actor.getSnapshot() as BuySnapshot)).toBeUndefined();
  });

  it('hands off to the QR status page with the draft key for the status pages, and derives keys from the seed', async () => {
    const calls: CreatePaymentInput[] = [];
    const { actor, emitted } = await startAt(applications.complete, calls);
    const payment = actor.getSnapshot().children.payment;
    payment?.send({ type: 'payment.choose', provider: 'qpay' });
    payment?.send({ type: 'payment.submit' });
    await settle();
    expect(calls.map((call) => call.key)).toEqual([`${KEY_SEED}.2.1`]);
    expect(calls[0]?.order).toEqual({ kind: 'application', applicationId: APPLICATION_ID, accessKey: ACCESS_KEY });
    payment?.send({ type: 'payment.continue' });
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
