import { describe, expect, it } from 'vitest';
import { connectPreClaim, type TrackingPhase } from '../../machines/credit-med-pre-claim.connect.ts';
import {
  BALANCE,
  creditMedPreClaimModel,
  filledIn,
  INTERMED,
  inactiveCard,
  lockedOut,
  overBalance,
  sentPreClaim,
  settledPreClaim,
  usableCard,
  wrongPassword,
} from './credit-med-pre-claim.model.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { statePath } from './oracle-helpers.ts';
import { describePaths } from './path-suite.ts';

/**
 * What the tracking page shows in each of the machine's tracking states, written out from the page
 * (not read from the connect file): while a round of polling waits, polls or decides, the status is
 * still moving.
 */
const TRACKING_PHASES: Record<string, TrackingPhase> = {
  checking: 'checking',
  failed: 'failed',
  notFound: 'notFound',
  waiting: 'moving',
  polling: 'moving',
  deciding: 'moving',
  stillMoving: 'stillMoving',
  settled: 'settled',
};

describePaths('credit-med-pre-claim', creditMedPreClaimModel, {
  invariants: ({ steps }) => {
    // The page shows the step the machine is at, what was typed, the balance and rules from the card,
    // the hospitals found and the messages as they are: the whole view, field by field.
    for (const { snapshot } of steps) {
      const { context, value } = snapshot;
      const [top = '', inner = ''] = statePath(value).split('.');
      expect(connectPreClaim(snapshot as never)).toEqual({
        // Before the card has loaded (starting, loading) the page shows its loading state.
        step: top === 'starting' ? 'loading' : top,
        tracking: top === 'tracking' ? TRACKING_PHASES[inner] : null,
        balance: context.summary?.card?.balance ?? null,
        minAmount: context.summary?.rules.min_amount ?? null,
        purposeMax: context.summary?.rules.purpose_max ?? null,
        query: context.query,
        isSearching: top === 'hospital' && inner === 'searching',
        hospitals: context.hospitals,
        hospital: context.hospital,
        amountText: context.amountText,
        purpose: context.purpose,
        password: context.password,
        fieldErrors: context.fieldErrors,
        error: context.error,
        preClaim: context.preClaim,
      });
    }
  },
});

const start = (...events: object[]) => pathFromEvents(creditMedPreClaimModel, [doneEvent('loadCard', usableCard), ...(events as never[])]);

describe('credit-med-pre-claim behaviour', () => {
  it('shows the balance and minimum before anything is typed', async () => {
    const replay = await replayPath(creditMedPreClaimModel, start());
    const view = connectPreClaim(replay.steps.at(-1)?.snapshot as never);
    expect(view).toMatchObject({ step: 'hospital', balance: BALANCE, minAmount: 10_000, purposeMax: 200 });
  });

  it("an inactive card stops at its message", async () => {
    const replay = await replayPath(creditMedPreClaimModel, pathFromEvents(creditMedPreClaimModel, [doneEvent('loadCard', inactiveCard)]));
    expect(connectPreClaim(replay.steps.at(-1)?.snapshot as never)).toMatchObject({ step: 'blocked', error: { key: 'creditMedCard.errors.cardInactive' } });
  });

  it("'no hospital found' when the search finds nothing", async () => {
    const replay = await replayPath(creditMedPreClaimModel, start({ type: 'hospital.query', value: 'zzz' }, { type: 'hospital.search' }, doneEvent('searchHospitals', [])));
    expect(replay.steps.at(-1)?.snapshot.context.error).toEqual({ key: 'creditMedCard.errors.noHospitalFound' });
  });

  it('an amount above the balance is refused before sending, with the balance in the message', async () => {
    const replay = await replayPath(
      creditMedPreClaimModel,
      start(...filledIn.slice(0, 4), { type: 'amount.change', value: '300001' }, { type: 'step.next' }),
    );
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('amount');
    expect(last?.context.fieldErrors.amount).toEqual({ key: 'creditMedCard.errors.insufficientBalance', values: { balance: BALANCE } });
    expect(last?.context.amountText).toBe('300001');
  });

  it('a wrong transaction password keeps everything but the password, and a new key is used for the next try', async () => {
    const replay = await replayPath(
      creditMedPreClaimModel,
      start(...filledIn, { type: 'step.next' }, errorEvent('createPreClaim', wrongPassword), { type: 'password.change', value: '246810' }, { type: 'step.next' }),
    );
    const keys = replay.invocations.filter((i) => i.id === 'createPreClaim').map((i) => (i.input as { key: string }).key);
    expect(keys).toEqual(['seed-0123456789abcdef-pre-claim-0', 'seed-0123456789abcdef-pre-claim-1']);
    const refused = replay.steps.at(-3)?.snapshot;
    expect(refused?.value).toBe('password');
    expect(refused?.context).toMatchObject({ amountText: '50000', purpose: 'Шинжилгээ', password: '', hospital: INTERMED });
    expect(refused?.context.fieldErrors.transaction_password?.values).toEqual({ tries: 2 });
  });

  it('the server refusing the amount goes back to it with the balance it knows now', async () => {
    const replay = await replayPath(creditMedPreClaimModel, start(...filledIn, { type: 'step.next' }, errorEvent('createPreClaim', overBalance)));
    const last = replay.steps.at(-1)?.snapshot;
    expect(last?.value).toBe('amount');
    expect(connectPreClaim(last as never).balance).toBe(20_000);
  });

  it('three wrong passwords lock the form', async () => {
    const replay = await replayPath(creditMedPreClaimModel, start(...filledIn, { type: 'step.next' }, errorEvent('createPreClaim', lockedOut)));
    expect(replay.steps.at(-1)?.snapshot.status).toBe('done');
    expect(replay.steps.at(-1)?.snapshot.context.error?.values).toEqual({ minutes: 15 });
  });

  it('a created pre-claim is followed until its status stops moving', async () => {
    const replay = await replayPath(
      creditMedPreClaimModel,
      pathFromEvents(creditMedPreClaimModel, [doneEvent('loadPreClaim', sentPreClaim), { type: 'track.check' }, doneEvent('loadPreClaim', settledPreClaim)], 'tracking pre-claim 41'),
    );
    expect(connectPreClaim(replay.steps.at(-1)?.snapshot as never)).toMatchObject({ step: 'tracking', tracking: 'settled', preClaim: { status: 'paid_by_insurer' } });
  });
});
