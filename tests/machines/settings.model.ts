/** Path model of machines/settings.machine.ts: the account load, then four sections that save on their own. */
import { passwordErrors, profileErrors, settingsMachine } from '../../machines/settings.machine.ts';
import type { Account } from '../../contract/account.schema.ts';
import { ApiError } from '../../contract/api-error.ts';
import { errorKeys } from '../../contract/error.schema.ts';
import { defineModel, doneEvent, errorEvent } from './path-kit.ts';

export const account: Account = { email: 'demo@example.com', name: 'Бат-Эрдэнэ Дорж', register: 'УБ90061512', phone: '99112233', language: 'mn' };
export const changedEmail: Account = { ...account, email: 'bat@example.com' };
export const inEnglish: Account = { ...account, language: 'en' };
export const newToken = 'token-after-password-change';
export const emailTaken = new ApiError(409, { key: errorKeys.emailTaken });
export const currentPasswordIncorrect = new ApiError(422, { key: errorKeys.currentPasswordIncorrect });
export const networkDown = new TypeError('Failed to fetch');

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
    profileValid: Object.keys(profileErrors(context.profile.email)).length === 0,
    // isPasswordValid reads three fields: how many are still wrong, so a path can fill them in turn.
    passwordErrors: Object.keys(passwordErrors(context.password.form)).length,
  }),
  // Four independent sections: their combinations are walked by the shortest and edge paths.
  simplePaths: false,
});
