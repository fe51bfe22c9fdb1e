/**
 * The account machines with their real actors: API calls, the auth and cookie actors, the alert and
 * the router. The registration and password-recovery flows keep their URL in step with the machine
 * and resume on the code step after a reload (persisted without any password).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise, type AnyActorRef, type Snapshot } from 'xstate';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import { forgotUsernameMachine } from '../../../machines/forgot-username.machine';
import { registrationMachine } from '../../../machines/registration.machine';
import { settingsMachine } from '../../../machines/settings.machine';
import {
  changePassword,
  confirmRegistration,
  getAccount,
  requestPasswordReset,
  resendRegistrationCode,
  resendResetCode,
  resetPassword,
  saveLanguage,
  saveProfile,
  sendUsername,
  startRegistration,
  verifyResetCode,
} from '../../api/account.api';
import type { LanguageCode } from '../../../contract/account.schema';
import { setLanguage } from '../../platform/i18n';
import { GUEST } from '../../flows/persistence';
import { useWizard } from '../../flows/use-wizard';
import { codeVerificationWith } from '../../shared/code-verification';
import { AuthActor } from '../../platform/auth-context';
import { CookieConsentActor } from '../../platform/cookie-consent-context';
import { AlertActor } from '../../platform/alert-context';

/**
 * Bump when a machine's states or context change shape: an older stored snapshot is then dropped.
 * 2: the code step became the code-verification child (registration, password recovery).
 */
const FLOW_VERSION = 2;

type WithContext<T> = Snapshot<unknown> & { context: T };

/** Stores the registration only on its code step, where the passwords are already forgotten. */
const codeStepOnly = (persisted: Snapshot<unknown>, snapshot: { matches: (value: 'code') => boolean }) =>
  snapshot.matches('code') ? persisted : null;

/** Stores password recovery from the code step on, never with the new password being typed. */
const withoutNewPassword = (persisted: Snapshot<unknown>, snapshot: { matches: (value: 'identify') => boolean }) => {
  if (snapshot.matches('identify')) return null;
  const stored = persisted as WithContext<{ newPassword: unknown }>;
  const redacted: WithContext<{ newPassword: unknown }> = { ...stored, context: { ...stored.context, newPassword: { password: '', passwordAgain: '' } } };
  return redacted;
};

export function useRegistrationFlow() {
  const auth = AuthActor.useActorRef();
  const alerts = AlertActor.useActorRef();
  const machine = useMemo(
    () =>
      registrationMachine.provide({
        actors: {
          startRegistration: fromPromise(({ input }) => startRegistration(input)),
          codeVerification: codeVerificationWith({ sendCode: resendRegistrationCode, verifyCode: confirmRegistration }),
        },
        actions: {
          signIn: (_, { access }) => {
            alerts.send({ type: 'alert.show', message: { key: 'account.register.welcome' } });
            // Signed in, the guest-only route sends the new user on to their policies.
            auth.send({ type: 'auth.tokenReceived', access });
          },
        },
      }),
    [auth, alerts],
  );
  return useWizard(machine, { flow: 'registration', version: FLOW_VERSION, user: GUEST, select: codeStepOnly });
}

export function useForgotPasswordFlow() {
  const alerts = AlertActor.useActorRef();
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          requestReset: fromPromise(({ input }) => requestPasswordReset(input)),
          codeVerification: codeVerificationWith({ sendCode: resendResetCode, verifyCode: verifyResetCode }),
          resetPassword: fromPromise(({ input }) => resetPassword(input)),
        },
        actions: {
          finish: () => {
            alerts.send({ type: 'alert.show', message: { key: 'account.forgotPassword.done' } });
          },
        },
      }),
    [alerts],
  );
  return useWizard(machine, { flow: 'forgot-password', version: FLOW_VERSION, user: GUEST, select: withoutNewPassword });
}

export function useForgotUsernameFlow() {
  const machine = useMemo(
    () => forgotUsernameMachine.provide({ actors: { sendUsername: fromPromise(({ input }) => sendUsername(input)) } }),
    [],
  );
  return useWizard(machine, { flow: 'forgot-username', version: FLOW_VERSION, user: GUEST, persist: false });
}

/** Settles when the cookie banner has stored a choice; gives up when the settings page goes away. */
const whenCookieChoiceStored = (cookies: AnyActorRef, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const subscription = cookies.subscribe((snapshot: { matches: (value: unknown) => boolean }) => {
      if (!snapshot.matches({ banner: 'decided' })) return;
      subscription.unsubscribe();
      resolve();
    });
    signal.addEventListener('abort', () => {
      subscription.unsubscribe();
      reject(new Error('stopped'));
    });
  });

export function useSettingsFlow() {
  const auth = AuthActor.useActorRef();
  const cookies = CookieConsentActor.useActorRef();
  const { i18n } = useTranslation();
  const machine = useMemo(
    () =>
      settingsMachine.provide({
        actors: {
          loadAccount: fromPromise(() => getAccount()),
          // A changed e-mail ends every other session: this one goes on with the new token.
          saveProfile: fromPromise(async ({ input }) => {
            const { access, ...account } = await saveProfile(input);
            if (access) auth.send({ type: 'auth.tokenReceived', access });
            return account;
          }),
          changePassword: fromPromise(({ input }) => changePassword(input)),
          saveLanguage: fromPromise(({ input }) => saveLanguage(input)),
          awaitCookieChoice: fromPromise(({ signal }) => whenCookieChoiceStored(cookies, signal)),
        },
        actions: {
          adoptNewToken: (_, { access }) => auth.send({ type: 'auth.tokenReceived', access }),
          applyLanguage: (_, { language }) => void setLanguage(language),
          reopenCookieChoice: () => cookies.send({ type: 'consent.reopen' }),
        },
      }),
    [auth, cookies],
  );
  const language: LanguageCode = i18n.language === 'en' ? 'en' : 'mn';
  // Not stored: the account loads again, and passwords being typed never reach storage.
  return useWizard(machine, { flow: 'settings', version: FLOW_VERSION, user: GUEST, persist: false, input: { language } });
}
