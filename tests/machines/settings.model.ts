/** Path model of machines/settings.machine.ts: the account load, then four sections that save on their own. */
import { settingsMachine } from '../../machines/settings.machine.ts';
import { changePasswordBodySchema, formErrors, profileBodySchema, type Account } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { shownFields, shownMessage, without, withRegion } from './oracle-helpers.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const account: Account = { email: 'demo@example.com', name: 'Дорж Бат-Эрдэнэ', register: 'УБ90061512', phone: '99112233', language: 'mn' };
export const changedEmail: Account = { ...account, email: 'bat@example.com' };
export const inEnglish: Account = { ...account, language: 'en' };
export const newToken = 'token-after-password-change';
export const emailTaken = new ApiError(409, { key: errorKeys.emailTaken });
export const currentPasswordIncorrect = new ApiError(422, { key: errorKeys.currentPasswordIncorrect });
export const networkDown = new TypeError('Failed to fetch');

const fresh = { fieldErrors: {}, error: null, saved: false };
const emptyPasswordForm = { current_password: '', new_password: '', new_password_again: '' };
const isEmpty = (errors: object) => Object.keys(errors).length === 0;
/** What the profile and password sections find wrong before sending, by the contract's schemas. */
const profileProblems = (profile: { email: string; current_password: string }) =>
  formErrors(profileBodySchema, { email: profile.email, current_password: profile.current_password });
const passwordProblems = (form: typeof emptyPasswordForm) =>
  formErrors(
    changePasswordBodySchema,
    { current_password: form.current_password, new_password: form.new_password },
    { password: form.new_password, again: form.new_password_again, againField: 'new_password_again' },
  );

export const passwordFilled = [
  { type: 'password.change', field: 'current_password', value: 'demo1234' },
  { type: 'password.change', field: 'new_password', value: 'newpass1' },
  { type: 'password.change', field: 'new_password_again', value: 'newpass1' },
] as const;

export const settingsModel = defineModel({
  machine: settingsMachine,
  inputs: [{ label: 'site in Mongolian', input: { language: 'mn' } }],
  events: [
    doneEvent('loadAccount', account),
    errorEvent('loadAccount', networkDown),
    { type: 'settings.retry' },
    { type: 'profile.change', value: 'bat@example.com' },
    { type: 'profile.change', value: 'bat@' },
    { type: 'profile.password', value: 'demo1234' },
    { type: 'profile.submit' },
    doneEvent('saveProfile', changedEmail),
    errorEvent('saveProfile', emailTaken),
    ...passwordFilled,
    { type: 'password.change', field: 'new_password_again', value: 'other12' },
    { type: 'password.submit' },
    doneEvent('changePassword', { access: newToken }),
    errorEvent('changePassword', currentPasswordIncorrect),
    { type: 'language.change', value: 'en' },
    { type: 'language.submit' },
    doneEvent('saveLanguage', inEnglish),
    errorEvent('saveLanguage', networkDown),
    { type: 'cookies.reopen' },
    doneEvent('awaitCookieChoice', undefined),
    errorEvent('awaitCookieChoice', new Error('stopped')),
  ],
  // Only what the guards read: the four sections multiply every other fact (saved notices, errors)
  // into thousands of states; the behaviour tests check those.
  flags: ({ context }) => ({
    account: context.account !== null,
    profileValid: isEmpty(profileProblems(context.profile)),
    // isPasswordValid reads three fields: how many are still wrong, so a path can fill them in turn.
    passwordErrors: Object.keys(passwordProblems(context.password.form)).length,
  }),
  // Four independent sections: their combinations are walked by the shortest and edge paths.
  simplePaths: false,
  // Each section saves on its own, says so, and keeps what the user typed when it fails.
  oracle: {
    initial: (input) => ({
      account: null,
      loadError: null,
      profile: { ...fresh, email: '', current_password: '' },
      password: { ...fresh, form: emptyPasswordForm },
      language: { ...fresh, value: input.language },
      cookies: { saved: false },
    }),
    initialState: () => 'loading',
    effects: {
      'xstate.done.actor.loadAccount': (before, event) => ({
        account: event.output,
        loadError: null,
        profile: { ...before.profile, email: event.output.email },
      }),
      'xstate.error.actor.loadAccount': (_, event) => ({ loadError: shownMessage(event.error) }),
      'settings.retry': (_, __, from) => (from.matches('failed') ? { loadError: null } : {}),

      'profile.change': (before, event, from) =>
        from.matches('ready.profile.editing') ? { profile: { ...before.profile, email: event.value, fieldErrors: {}, saved: false } } : {},
      // Typing the current password clears only its own error.
      'profile.password': (before, event, from) => {
        if (!from.matches('ready.profile.editing')) return {};
        const { current_password: _cleared, ...others } = before.profile.fieldErrors as Record<string, unknown>;
        return { profile: { ...before.profile, current_password: event.value, fieldErrors: others as typeof before.profile.fieldErrors, saved: false } };
      },
      'profile.submit': (before, _, from) =>
        from.matches('ready.profile.editing')
          ? { profile: { ...before.profile, fieldErrors: profileProblems(before.profile), error: null, saved: false } }
          : {},
      // Saved: the password typed for it is cleared.
      'xstate.done.actor.saveProfile': (_, event) => ({ account: event.output, profile: { ...fresh, email: event.output.email, current_password: '', saved: true } }),
      'xstate.error.actor.saveProfile': (before, event) => ({
        profile: { ...before.profile, error: shownMessage(event.error), fieldErrors: shownFields(event.error) },
      }),

      'password.change': (before, event, from) =>
        from.matches('ready.password.editing')
          ? {
              password: {
                ...before.password,
                form: { ...before.password.form, [event.field]: event.value },
                fieldErrors: without(before.password.fieldErrors, event.field),
                saved: false,
              },
            }
          : {},
      'password.submit': (before, _, from) =>
        from.matches('ready.password.editing')
          ? { password: { ...before.password, fieldErrors: passwordProblems(before.password.form), error: null, saved: false } }
          : {},
      // Saved: the fields are emptied (a password is not left on screen).
      'xstate.done.actor.changePassword': () => ({ password: { ...fresh, form: emptyPasswordForm, saved: true } }),
      'xstate.error.actor.changePassword': (before, event) => ({
        password: { ...before.password, error: shownMessage(event.error), fieldErrors: shownFields(event.error) },
      }),

      'language.change': (before, event, from) =>
        from.matches('ready.language.editing') ? { language: { ...before.language, value: event.value, error: null, saved: false } } : {},
      'xstate.done.actor.saveLanguage': (_, event) => ({ account: event.output, language: { ...fresh, value: event.output.language, saved: true } }),
      'xstate.error.actor.saveLanguage': (before, event) => ({ language: { ...before.language, error: shownMessage(event.error) } }),

      'cookies.reopen': (_, __, from) => (from.matches('ready.cookies.idle') ? { cookies: { saved: false } } : {}),
      'xstate.done.actor.awaitCookieChoice': () => ({ cookies: { saved: true } }),
    },
    targets: {
      'xstate.done.actor.loadAccount': () => ({ ready: { profile: 'editing', password: 'editing', language: 'editing', cookies: 'idle' } }),
      'xstate.error.actor.loadAccount': () => 'failed',
      'settings.retry': (_, __, from) => (from.matches('failed') ? 'loading' : from.value),
      'profile.change': (_, __, from) => from.value,
      'profile.password': (_, __, from) => from.value,
      'profile.submit': (before, _, from) =>
        from.matches('ready.profile.editing')
          ? withRegion(from.value, 'ready.profile', isEmpty(profileProblems(before.profile)) ? 'saving' : 'editing')
          : from.value,
      'xstate.done.actor.saveProfile': (_, __, from) => withRegion(from.value, 'ready.profile', 'editing'),
      'xstate.error.actor.saveProfile': (_, __, from) => withRegion(from.value, 'ready.profile', 'editing'),
      'password.change': (_, __, from) => from.value,
      'password.submit': (before, _, from) =>
        from.matches('ready.password.editing')
          ? withRegion(from.value, 'ready.password', isEmpty(passwordProblems(before.password.form)) ? 'saving' : 'editing')
          : from.value,
      'xstate.done.actor.changePassword': (_, __, from) => withRegion(from.value, 'ready.password', 'editing'),
      'xstate.error.actor.changePassword': (_, __, from) => withRegion(from.value, 'ready.password', 'editing'),
      'language.change': (_, __, from) => from.value,
      'language.submit': (_, __, from) => (from.matches('ready.language.editing') ? withRegion(from.value, 'ready.language', 'saving') : from.value),
      'xstate.done.actor.saveLanguage': (_, __, from) => withRegion(from.value, 'ready.language', 'editing'),
      'xstate.error.actor.saveLanguage': (_, __, from) => withRegion(from.value, 'ready.language', 'editing'),
      'cookies.reopen': (_, __, from) => (from.matches('ready.cookies.idle') ? withRegion(from.value, 'ready.cookies', 'choosing') : from.value),
      'xstate.done.actor.awaitCookieChoice': (_, __, from) => withRegion(from.value, 'ready.cookies', 'idle'),
      'xstate.error.actor.awaitCookieChoice': (_, __, from) => withRegion(from.value, 'ready.cookies', 'idle'),
    },
    states: {
      loading: (_, state) => state.running.includes('loadAccount'),
      failed: ({ loadError }) => loadError !== null,
      ready: ({ account, loadError }) => account !== null && loadError === null,
      'ready.profile.saving': ({ profile }, state) => isEmpty(profileProblems(profile)) && state.running.includes('saveProfile'),
      'ready.password.saving': ({ password }, state) => isEmpty(passwordProblems(password.form)) && state.running.includes('changePassword'),
      'ready.language.saving': (_, state) => state.running.includes('saveLanguage'),
      'ready.cookies.choosing': ({ cookies }, state) => !cookies.saved && state.running.includes('awaitCookieChoice'),
    },
    sent: {
      saveProfile: ({ profile }) => ({ email: profile.email, current_password: profile.current_password }),
      changePassword: ({ password }) => ({ current_password: password.form.current_password, new_password: password.form.new_password }),
      saveLanguage: ({ language }) => ({ language: language.value }),
    },
    // The new token goes to the session exactly when the password changed; the language is applied
    // when saved; the cookie banner opens when the choice is reopened.
    calls: (_, event, __, from) =>
      event.type === 'xstate.done.actor.changePassword'
        ? [{ action: 'adoptNewToken', params: { access: (event.output as { access: string }).access } }]
        : event.type === 'xstate.done.actor.saveLanguage'
          ? [{ action: 'applyLanguage', params: { language: (event.output as Account).language } }]
          : event.type === 'cookies.reopen' && from?.matches('ready.cookies.idle')
            ? [{ action: 'reopenCookieChoice' }]
            : [],
  },
});
