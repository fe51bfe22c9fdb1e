import { describe, expect, it } from 'vitest';
import { preClaimTimeline } from '../../machines/credit-med-pre-claim.connect.ts';

const states = (status: Parameters<typeof preClaimTimeline>[0]) => preClaimTimeline(status).map(({ status: step, state }) => `${step}:${state}`);

describe('the statuses the pre-claim status page lists', () => {
  it('a new pre-claim: sent now, then the normal road to the insurer paying, still to come', () => {
    expect(states('sent')).toEqual(['sent:current', 'calculating:upcoming', 'paid_by_insurer:upcoming']);
    expect(states('calculating')).toEqual(['sent:done', 'calculating:current', 'paid_by_insurer:upcoming']);
    expect(states('paid_by_insurer')).toEqual(['sent:done', 'calculating:done', 'paid_by_insurer:current']);
  });

  it('a rejected claim: the repayment still to come, no longer the insurer paying', () => {
    expect(states('rejected_claim')).toEqual(['sent:done', 'calculating:done', 'rejected_claim:current', 'to_be_paid_by_insured:upcoming', 'paid:upcoming']);
    expect(states('paid')).toEqual(['sent:done', 'calculating:done', 'rejected_claim:done', 'to_be_paid_by_insured:done', 'paid:current']);
  });

  it('a failed pre-claim ends where it stopped, with nothing still to come', () => {
    expect(states('failed')).toEqual(['sent:done', 'failed:stopped']);
  });
});
