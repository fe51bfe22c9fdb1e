/** Path model of machines/cookie-consent.machine.ts: first visit and a stored choice. */
import { cookieConsentMachine, type ConsentChoice } from '../../machines/cookie-consent.machine.ts';
import { defineModel } from './path-kit.ts';

export const firstVisit: ConsentChoice = { accepted: false, personalInformation: false, marketingAnalytics: false };
export const storedChoice: ConsentChoice = { accepted: true, personalInformation: true, marketingAnalytics: false };

export const cookieConsentModel = defineModel({
  machine: cookieConsentMachine,
  inputs: [
    { label: 'first visit', input: { stored: firstVisit } },
    { label: 'stored choice', input: { stored: storedChoice } },
  ],
  events: [
    { type: 'consent.toggle', category: 'personalInformation', value: true },
    { type: 'consent.toggle', category: 'personalInformation', value: false },
    { type: 'consent.toggle', category: 'marketingAnalytics', value: true },
    { type: 'consent.toggle', category: 'marketingAnalytics', value: false },
    { type: 'consent.accept' },
    { type: 'consent.rejectAll' },
    { type: 'consent.reopen' },
    { type: 'policy.open' },
    { type: 'policy.close' },
  ],
  // The whole choice is three booleans: all of it tells states apart (hasStoredChoice reads
  // `accepted`, the toggles change the checkboxes).
  flags: ({ context }) => ({ ...context }),
  // Every order of toggles is a distinct simple path (hundreds of thousands); the simple paths
  // walk banner × policy × accepted and leave the checkbox combinations to the other paths.
  simplePaths: { flags: ({ context }) => ({ accepted: context.accepted }) },
  // While asking, the context is the choice being made; 'Accept' keeps the checkboxes, 'Reject all'
  // turns both off, and either stores the choice. Events the banner's state does not take change nothing.
  oracle: {
    initial: (input) => input.stored,
    initialState: (input) => ({ banner: input.stored.accepted ? 'decided' : 'asking', policy: 'closed' }),
    effects: {
      'consent.toggle': (_, event, from) => (from.matches('banner.asking') ? { [event.category]: event.value } : {}),
      'consent.accept': (_, __, from) => (from.matches('banner.asking') ? { accepted: true } : {}),
      'consent.rejectAll': (_, __, from) =>
        from.matches('banner.asking') ? { accepted: true, personalInformation: false, marketingAnalytics: false } : {},
    },
    targets: {
      'consent.toggle': (_, __, from) => from.value,
      'consent.accept': (_, __, from) => (from.matches('banner.asking') ? { ...policyOf(from.value), banner: 'decided' } : from.value),
      'consent.rejectAll': (_, __, from) => (from.matches('banner.asking') ? { ...policyOf(from.value), banner: 'decided' } : from.value),
      'consent.reopen': (_, __, from) => (from.matches('banner.decided') ? { ...policyOf(from.value), banner: 'asking' } : from.value),
      'policy.open': (_, __, from) => ({ ...bannerOf(from.value), policy: 'open' }),
      'policy.close': (_, __, from) => ({ ...bannerOf(from.value), policy: 'closed' }),
    },
    states: {
      // Once answered, the banner stays answered until it is reopened.
      'banner.decided': ({ accepted }) => accepted,
    },
    // The choice is stored exactly when the banner is answered, after the context has it.
    calls: (_, event, after, from) =>
      from?.matches('banner.asking') && (event.type === 'consent.accept' || event.type === 'consent.rejectAll')
        ? [{ action: 'storeChoice', context: after }]
        : [],
  },
});

type Regions = { banner: string; policy: string };
const policyOf = (value: unknown) => ({ policy: (value as Regions).policy });
const bannerOf = (value: unknown) => ({ banner: (value as Regions).banner });
