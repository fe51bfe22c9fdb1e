/**
 * Settings (/user/settings): the account's profile (the login e-mail can change; name, register number
 * and phone come from the insurer's records), a password change (current password and the new one
 * twice), the language, and the cookie choice re-opened. Each section saves on its own, says so, and
 * keeps what the user typed when it fails.
 *
 * A password change ends every other session: the server answers with a new token, which `adoptNewToken`
 * (provided by the app) hands to the auth actor. The cookie choice is made in the cookie banner, which
 * `reopenCookieChoice` re-opens; `awaitCookieChoice` settles when the banner has stored a choice.
 */
import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorMessage } from '../contract/api-error';
import {
  changePasswordBodySchema,
  formErrors,
  profileBodySchema,
  type Account,
  type ChangePasswordBody,
  type LanguageBody,
  type LanguageCode,
  type ProfileBody,
} from '../contract/account.schema';
import type { TokenResponse } from '../contract/auth.schema';
import type { FieldErrors, Message } from '../contract/validation';

export interface PasswordForm {
  current_password: string;
  new_password: string;
  new_password_again: string;
}

interface Section {
  fieldErrors: FieldErrors;
  error: Message | null;
  /** The last save succeeded (the page says so until the section changes again). */
  saved: boolean;
}

export interface SettingsContext {
  account: Account | null;
  loadError: Message | null;
  profile: Section & { email: string; current_password: string };
  password: Section & { form: PasswordForm };
  language: Section & { value: LanguageCode };
  cookies: { saved: boolean };
}

export interface SettingsInput {
  /** The language the site is shown in now: what the language section starts from. */
  language: LanguageCode;
}

export type SettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'profile.change'; value: string }
  | { type: 'profile.password'; value: string }
  | { type: 'profile.submit' }
  | { type: 'password.change'; field: keyof PasswordForm; value: string }
  | { type: 'password.submit' }
  | { type: 'language.change'; value: LanguageCode }
  | { type: 'language.submit' }
  | { type: 'cookies.reopen' };

const fresh: Section = { fieldErrors: {}, error: null, saved: false };
const emptyPasswordForm: PasswordForm = { current_password: '', new_password: '', new_password_again: '' };
const errorOf = (event: unknown) => (event as { error?: unknown }).error;
const outputOf = <T>(event: unknown) => (event as { output: T }).output;
const without = (errors: FieldErrors, field: string) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field));

export const profileErrors = (profile: { email: string; current_password: string }) =>
  formErrors(profileBodySchema, { email: profile.email, current_password: profile.current_password });
export const passwordErrors = (form: PasswordForm) =>
  formErrors(
    changePasswordBodySchema,
    { current_password: form.current_password, new_password: form.new_password },
    { password: form.new_password, again: form.new_password_again, againField: 'new_password_again' },
  );

export const settingsMachine = setup({
  types: {
    context: {} as SettingsContext,
    events: {} as SettingsEvent,
    input: {} as SettingsInput,
  },
  actors: {
    loadAccount: fromPromise<Account, void>(async () => {
      throw new Error('loadAccount is provided by the app');
    }),
    saveProfile: fromPromise<Account, ProfileBody>(async () => {
      throw new Error('saveProfile is provided by the app');
    }),
    changePassword: fromPromise<TokenResponse, ChangePasswordBody>(async () => {
      throw new Error('changePassword is provided by the app');
    }),
    saveLanguage: fromPromise<Account, LanguageBody>(async () => {
      throw new Error('saveLanguage is provided by the app');
    }),
    awaitCookieChoice: fromPromise<unknown, void>(async () => {
      throw new Error('awaitCookieChoice is provided by the app');
    }),
  },
  actions: {
    /** This session goes on with the token the password change returned (provided by the app). */
    adoptNewToken: (_, _params: { access: string }) => {},
    /** Shows the site in the saved language (provided by the app). */
    applyLanguage: (_, _params: { language: LanguageCode }) => {},
    /** Opens the cookie banner with the stored choice (provided by the app). */
    reopenCookieChoice: () => {},
    rememberAccount: assign(({ context, event }) => {
      const account = outputOf<Account>(event);
      return { account, loadError: null, profile: { ...context.profile, email: account.email } };
    }),
    showLoadError: assign(({ event }) => ({ loadError: errorMessage(errorOf(event)) })),
    clearLoadError: assign({ loadError: null }),

    changeEmail: assign(({ context, event }) =>
      event.type === 'profile.change' ? { profile: { ...context.profile, email: event.value, fieldErrors: {}, saved: false } } : {},
    ),
    changeProfilePassword: assign(({ context, event }) =>
      event.type === 'profile.password'
        ? { profile: { ...context.profile, current_password: event.value, fieldErrors: without(context.profile.fieldErrors, 'current_password'), saved: false } }
        : {},
    ),
    validateProfile: assign(({ context }) => ({
      profile: { ...context.profile, fieldErrors: profileErrors(context.profile), error: null, saved: false },
    })),
    profileSaved: assign(({ event }) => {
      const account = outputOf<Account>(event);
      return { account, profile: { ...fresh, email: account.email, current_password: '', saved: true } };
    }),
    profileFailed: assign(({ context, event }) => ({
      profile: { ...context.profile, error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) },
    })),

    changePasswordField: assign(({ context, event }) =>
      event.type === 'password.change'
        ? {
            password: {
              ...context.password,
              form: { ...context.password.form, [event.field]: event.value },
              fieldErrors: without(context.password.fieldErrors, event.field),
              saved: false,
            },
          }
        : {},
    ),
    validatePassword: assign(({ context }) => ({
      password: { ...context.password, fieldErrors: passwordErrors(context.password.form), error: null, saved: false },
    })),
    /** Saved: the fields are emptied (a password is not left on screen). */
    passwordSaved: assign({ password: { ...fresh, form: emptyPasswordForm, saved: true } }),
    passwordFailed: assign(({ context, event }) => ({
      password: { ...context.password, error: errorMessage(errorOf(event)), fieldErrors: errorFields(errorOf(event)) },
    })),

    changeLanguage: assign(({ context, event }) =>
      event.type === 'language.change' ? { language: { ...context.language, value: event.value, error: null, saved: false } } : {},
    ),
    languageSaved: assign(({ event }) => {
      const account = outputOf<Account>(event);
      return { account, language: { ...fresh, value: account.language, saved: true } };
    }),
    languageFailed: assign(({ context, event }) => ({ language: { ...context.language, error: errorMessage(errorOf(event)) } })),

    cookiesChoosing: assign({ cookies: { saved: false } }),
    cookiesSaved: assign({ cookies: { saved: true } }),
  },
  guards: {
    isProfileValid: ({ context }) => Object.keys(profileErrors(context.profile)).length === 0,
    isPasswordValid: ({ context }) => Object.keys(passwordErrors(context.password.form)).length === 0,
  },
}).createMachine({
  id: 'settings',
  context: ({ input }) => ({
    account: null,
    loadError: null,
    profile: { ...fresh, email: '', current_password: '' },
    password: { ...fresh, form: emptyPasswordForm },
    language: { ...fresh, value: input.language },
    cookies: { saved: false },
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        onDone: { target: 'ready', actions: 'rememberAccount' },
        onError: { target: 'failed', actions: 'showLoadError' },
      },
    },
    failed: {
      on: { 'settings.retry': { target: 'loading', actions: 'clearLoadError' } },
    },
    ready: {
      type: 'parallel',
      states: {
        profile: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'profile.change': { actions: 'changeEmail' },
                'profile.password': { actions: 'changeProfilePassword' },
                'profile.submit': [
                  { guard: 'isProfileValid', target: 'saving', actions: 'validateProfile' },
                  { actions: 'validateProfile' },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ context }) => ({ email: context.profile.email, current_password: context.profile.current_password }),
                onDone: { target: 'editing', actions: 'profileSaved' },
                onError: { target: 'editing', actions: 'profileFailed' },
              },
            },
          },
        },
        password: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'password.change': { actions: 'changePasswordField' },
                'password.submit': [
                  { guard: 'isPasswordValid', target: 'saving', actions: 'validatePassword' },
                  { actions: 'validatePassword' },
                ],
              },
            },
            saving: {
              invoke: {
                id: 'changePassword',
                src: 'changePassword',
                input: ({ context }) => ({
                  current_password: context.password.form.current_password,
                  new_password: context.password.form.new_password,
                }),
                onDone: {
                  target: 'editing',
                  actions: [{ type: 'adoptNewToken', params: ({ event }) => ({ access: event.output.access }) }, 'passwordSaved'],
                },
                onError: { target: 'editing', actions: 'passwordFailed' },
              },
            },
          },
        },
        language: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'language.change': { actions: 'changeLanguage' },
                'language.submit': { target: 'saving' },
              },
            },
            saving: {
              invoke: {
                id: 'saveLanguage',
                src: 'saveLanguage',
                input: ({ context }) => ({ language: context.language.value }),
                onDone: {
                  target: 'editing',
                  actions: ['languageSaved', { type: 'applyLanguage', params: ({ event }) => ({ language: event.output.language }) }],
                },
                onError: { target: 'editing', actions: 'languageFailed' },
              },
            },
          },
        },
        cookies: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'cookies.reopen': { target: 'choosing', actions: ['cookiesChoosing', 'reopenCookieChoice'] } },
            },
            choosing: {
              invoke: {
                id: 'awaitCookieChoice',
                src: 'awaitCookieChoice',
                onDone: { target: 'idle', actions: 'cookiesSaved' },
                onError: { target: 'idle' },
              },
            },
          },
        },
      },
    },
  },
});
