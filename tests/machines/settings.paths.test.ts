import { describe, expect, it } from 'vitest';
import { errorKeys } from '../../contract/error.schema.ts';
import {
  connectCookiesSection,
  connectLanguageSection,
  connectPasswordSection,
  connectProfileSection,
  connectSettings,
} from '../../machines/settings.connect.ts';
import { doneEvent, errorEvent, pathFromEvents, replayPath } from './path-kit.ts';
import { describePaths } from './path-suite.ts';
import { account, changedEmail, currentPasswordIncorrect, emailTaken, inEnglish, passwordFilled, settingsModel } from './settings.model.ts';

const loaded = [doneEvent('loadAccount', account)];

describePaths('settings', settingsModel, {
  invariants: ({ steps }) => {
    // Each section shows its part of the context as it is and waits only while its own request runs.
    for (const { snapshot } of steps) {
      const { context, value } = snapshot;
      const ready = typeof value === 'object' && 'ready' in value ? (value.ready as Record<string, string>) : null;
      const view = snapshot as never;
      expect(connectSettings(view)).toEqual({ status: ready ? 'ready' : value === 'failed' ? 'failed' : 'loading', loadError: context.loadError });
      expect(connectProfileSection(view)).toEqual({ account: context.account, profile: context.profile, isSaving: ready?.profile === 'saving' });
      expect(connectPasswordSection(view)).toEqual({ password: context.password, isSaving: ready?.password === 'saving' });
      expect(connectLanguageSection(view)).toEqual({ language: context.language, isSaving: ready?.language === 'saving' });
      expect(connectCookiesSection(view)).toEqual({ cookies: context.cookies, isChoosing: ready?.cookies === 'choosing' });
    }
  },
});

describe('settings behaviour', () => {
  it('shows the account, and a retry after a failed load', async () => {
    const replay = await replayPath(settingsModel, pathFromEvents(settingsModel, [errorEvent('loadAccount', new TypeError('Failed to fetch')), { type: 'settings.retry' }, ...loaded]));
    expect(replay.steps[1]?.snapshot.value).toBe('failed');
    expect(replay.steps[1]?.snapshot.context.loadError).toEqual({ key: errorKeys.generic });
    expect(replay.steps.at(-1)?.snapshot.context).toMatchObject({ account, loadError: null, profile: { email: account.email } });
  });

  it('saves the e-mail and says so; a refusal keeps what was typed', async () => {
    const typed = [...loaded, { type: 'profile.change', value: 'bat@example.com' }, { type: 'profile.password', value: 'demo1234' }, { type: 'profile.submit' }] as const;
    const refused = await replayPath(settingsModel, pathFromEvents(settingsModel, [...typed, errorEvent('saveProfile', emailTaken)]));
    expect(refused.steps.at(-1)?.snapshot.context.profile).toMatchObject({ email: 'bat@example.com', current_password: 'demo1234', error: { key: errorKeys.emailTaken }, saved: false });
    const saved = await replayPath(settingsModel, pathFromEvents(settingsModel, [...typed, doneEvent('saveProfile', changedEmail)]));
    // The current password goes with the new e-mail, and is cleared once saved.
    expect(saved.invocations.find((call) => call.id === 'saveProfile')?.input).toEqual({ email: 'bat@example.com', current_password: 'demo1234' });
    expect(saved.steps.at(-1)?.snapshot.context).toMatchObject({ account: changedEmail, profile: { saved: true, error: null, current_password: '' } });
    // Without the current password nothing is sent.
    const unsent = await replayPath(settingsModel, pathFromEvents(settingsModel, [...loaded, { type: 'profile.change', value: 'bat@example.com' }, { type: 'profile.submit' }]));
    expect(unsent.invocations.find((call) => call.id === 'saveProfile')).toBeUndefined();
    expect(unsent.steps.at(-1)?.snapshot.context.profile.fieldErrors).toMatchObject({ current_password: { key: 'validation.passwordRequired' } });
  });

  it('checks the new password twice before sending, and keeps the fields on a wrong current password', async () => {
    const path = pathFromEvents(settingsModel, [
      ...loaded,
      ...passwordFilled,
      { type: 'password.change', field: 'new_password_again', value: 'other12' },
      { type: 'password.submit' },
      { type: 'password.change', field: 'new_password_again', value: 'newpass1' },
      { type: 'password.submit' },
      errorEvent('changePassword', currentPasswordIncorrect),
    ]);
    const replay = await replayPath(settingsModel, path);
    expect(replay.steps[6]?.snapshot.context.password.fieldErrors).toEqual({ new_password_again: { key: 'validation.passwordMismatch', values: {} } });
    expect(replay.invocations.filter((call) => call.id === 'changePassword').map((call) => call.input)).toEqual([
      { current_password: 'demo1234', new_password: 'newpass1' },
    ]);
    const last = replay.steps.at(-1)?.snapshot.context.password;
    expect(last).toMatchObject({ error: { key: errorKeys.currentPasswordIncorrect }, form: { current_password: 'demo1234', new_password: 'newpass1' } });
  });

  it('saves the language and the cookie choice, each saying so', async () => {
    const replay = await replayPath(
      settingsModel,
      pathFromEvents(settingsModel, [
        ...loaded,
        { type: 'language.change', value: 'en' },
        { type: 'language.submit' },
        doneEvent('saveLanguage', inEnglish),
        { type: 'cookies.reopen' },
        doneEvent('awaitCookieChoice', undefined),
      ]),
    );
    const last = replay.steps.at(-1)?.snapshot.context;
    expect(last?.language).toMatchObject({ value: 'en', saved: true });
    expect(last?.cookies).toEqual({ saved: true });
    expect(replay.steps[5]?.snapshot.matches({ ready: { cookies: 'choosing' } })).toBe(true);
  });
});
