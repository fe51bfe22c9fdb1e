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
});
