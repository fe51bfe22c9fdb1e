/**
 * The cookie banner and policy modal of SPEC sections 2 and 4. The banner shows until a choice is
 * stored; 'Reject all' stores accepted with both categories off, 'Accept' stores the checkboxes
 * (unchecked by default). Settings can re-open the choice. Storage is provided by the app.
 *
 * While the banner is `asking`, the context is the choice being made (a draft); the consent in force
 * is the stored one, which equals the context only once `decided`.
 */
import { assign, setup } from 'xstate';

export type ConsentCategory = 'personalInformation' | 'marketingAnalytics';

export interface ConsentChoice {
  accepted: boolean;
  personalInformation: boolean;
  marketingAnalytics: boolean;
}

export type CookieConsentEvent =
  | { type: 'consent.toggle'; category: ConsentCategory; value: boolean }
  | { type: 'consent.accept' }
  | { type: 'consent.rejectAll' }
  | { type: 'consent.reopen' }
  | { type: 'policy.open' }
  | { type: 'policy.close' };

export const cookieConsentMachine = setup({
  types: {
    context: {} as ConsentChoice,
    events: {} as CookieConsentEvent,
    input: {} as { stored: ConsentChoice },
  },
  actions: {
    /** Writes the choice in context to storage (provided by the app). */
    storeChoice: () => {},
    rejectAll: assign({ accepted: true, personalInformation: false, marketingAnalytics: false }),
    accept: assign({ accepted: true }),
  },
  guards: {
    hasStoredChoice: ({ context }) => context.accepted,
  },
}).createMachine({
  id: 'cookieConsent',
  type: 'parallel',
  context: ({ input }) => input.stored,
  states: {
    banner: {
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasStoredChoice', target: 'decided' }, { target: 'asking' }],
        },
        asking: {
          on: {
            'consent.toggle': {
              actions: assign(({ event }) => ({ [event.category]: event.value })),
            },
            'consent.accept': { target: 'decided', actions: ['accept', 'storeChoice'] },
            'consent.rejectAll': { target: 'decided', actions: ['rejectAll', 'storeChoice'] },
          },
        },
        decided: {
          on: { 'consent.reopen': { target: 'asking' } },
        },
      },
    },
    policy: {
      initial: 'closed',
      states: {
        closed: { on: { 'policy.open': { target: 'open' } } },
        open: { on: { 'policy.close': { target: 'closed' } } },
      },
    },
  },
});
