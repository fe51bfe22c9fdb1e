/** The cookie-consent actor with its storage (SPEC 3: cookieAccepted, cookiePersonalInformation, cookieMarketingAnalytics). */
import { createActorContext } from '@xstate/react';
import { cookieConsentMachine, type ConsentChoice } from '../../machines/cookie-consent.machine';

const KEYS = {
  accepted: 'cookieAccepted',
  personalInformation: 'cookiePersonalInformation',
  marketingAnalytics: 'cookieMarketingAnalytics',
} as const;

export const readStoredConsent = (): ConsentChoice => {
  const read = (key: string) => globalThis.localStorage?.getItem(key) === 'true';
  return {
    accepted: read(KEYS.accepted),
    personalInformation: read(KEYS.personalInformation),
    marketingAnalytics: read(KEYS.marketingAnalytics),
  };
};

export const appCookieConsentMachine = cookieConsentMachine.provide({
  actions: {
    storeChoice: ({ context }) => {
      localStorage.setItem(KEYS.accepted, String(context.accepted));
      localStorage.setItem(KEYS.personalInformation, String(context.personalInformation));
      localStorage.setItem(KEYS.marketingAnalytics, String(context.marketingAnalytics));
    },
  },
});

export const CookieConsentActor = createActorContext(appCookieConsentMachine);
