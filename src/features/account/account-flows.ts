/**
 * The account machines with their real actors: API calls, the auth and cookie actors, the alert and
 * the router. The registration and password-recovery flows keep their URL in step with the machine
 * and resume on the code step after a reload (persisted without any password).
 */
import { useActorRef } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise, type AnyActorRef, type Snapshot } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import { forgotPasswordMachine } from '../../../machines/forgot-password.machine';
import { forgotUsernameMachine } from '../../../machines/forgot-username.machine';
import { registrationMachine, type CodeSentAt } from '../../../machines/registration.machine';
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
import type { CodeSent, LanguageCode } from '../../../contract/account.schema';
import { setLanguage } from '../../app/i18n';
import { paths } from '../../app/paths';
import { usePersistedActorRef } from '../../flows/persistence';
import { useUrlSync } from '../../flows/use-url-sync';
import { AuthActor } from '../auth/auth-context';
import { CookieConsentActor } from '../cookies/cookie-consent-context';
import { AlertActor } from '../shell/alert-context';

/** The countdown to a resend starts when the answer arrives, on this device's clock. */
const stamped = async (call: Promise<CodeSent>): Promise<CodeSentAt> => ({ ...(await call), receivedAt: Date.now() });

/** Bump when a machine's states or context change shape: an older stored snapshot is then dropped. */
const FLOW_VERSION = 1;

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
          startRegistration: fromPromise(({ input }) => stamped(startRegistration(input))),
          resendCode: fromPromise(({ input }) => stamped(resendRegistrationCode(input))),
          confirmRegistration: fromPromise(({ input }) => confirmRegistration(input)),
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
  const actor = usePersistedActorRef(machine, { key: 'flow:registration:guest', version: FLOW_VERSION, select: codeStepOnly });
  useUrlSync(actor, () => ({}));
  return actor;
}

export function useForgotPasswordFlow() {
  const alerts = AlertActor.useActorRef();
  const machine = useMemo(
    () =>
      forgotPasswordMachine.provide({
        actors: {
          requestReset: fromPromise(({ input }) => stamped(requestPasswordReset(input))),
          resendCode: fromPromise(({ input }) => stamped(resendResetCode(input))),
          verifyCode: fromPromise(({ input }) => verifyResetCode(input)),
          resetPassword: fromPromise(({ input }) => resetPassword(input)),
        },
        actions: {
          finish: () => {
            alerts.send({ type: 'alert.show', message: { key: 'account.forgotPassword.done' } });
            navigate(paths.login(), { replace: true });
          },
        },
      }),
    [alerts],
  );
  const actor = usePersistedActorRef(machine, { key: 'flow:forgot-password:guest', version: FLOW_VERSION, select: withoutNewPassword });
  useUrlSync(actor, () => ({}));
  return actor;
}

export function useForgotUsernameFlow() {
  const machine = useMemo(
    () => forgotUsernameMachine.provide({ actors: { sendUsername: fromPromise(({ input }) => sendUsername(input)) } }),
    [],
  );
  return useActorRef(machine);
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
          saveProfile: fromPromise(({ input }) => saveProfile(input)),
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
  return useActorRef(machine, { input: { language } });
}
