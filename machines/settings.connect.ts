/**
 * The settings page's snapshot → what it shows (zag's `connect()` idea): whether the account is
 * loaded, and per section its values and whether it is saving. Every value is a primitive or a
 * context object passed on as is, so a shallow comparison tells whether anything changed.
 */
import type { SnapshotFrom } from 'xstate';
import type { settingsMachine } from './settings.machine';

type SettingsSnapshot = SnapshotFrom<typeof settingsMachine>;

export type SettingsStatus = 'loading' | 'ready' | 'failed';

export const connectSettings = (snapshot: SettingsSnapshot) => ({
  status: (snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : 'loading') as SettingsStatus,
  loadError: snapshot.context.loadError,
});

export const connectProfileSection = (snapshot: SettingsSnapshot) => ({
  account: snapshot.context.account,
  profile: snapshot.context.profile,
  isSaving: snapshot.matches({ ready: { profile: 'saving' } }),
});

export const connectPasswordSection = (snapshot: SettingsSnapshot) => ({
  password: snapshot.context.password,
  isSaving: snapshot.matches({ ready: { password: 'saving' } }),
});

export const connectLanguageSection = (snapshot: SettingsSnapshot) => ({
  language: snapshot.context.language,
  isSaving: snapshot.matches({ ready: { language: 'saving' } }),
});

export const connectCookiesSection = (snapshot: SettingsSnapshot) => ({
  cookies: snapshot.context.cookies,
  /** The cookie banner is open again from here, waiting for the choice. */
  isChoosing: snapshot.matches({ ready: { cookies: 'choosing' } }),
});
