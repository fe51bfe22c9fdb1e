import type { Queryable } from './db';

/** Keys of `site_settings`. */
export const settingKeys = {
  userManualDocument: 'user_manual_document',
  userManualVideo: 'user_manual_video',
} as const;

export type SettingKey = (typeof settingKeys)[keyof typeof settingKeys];

/** The value of a site setting, or '' when it is not set. */
export const readSetting = async (db: Queryable, key: SettingKey): Promise<string> =>
  (await db.query<{ value: string }>('select value from site_settings where key = $1', [key])).rows[0]?.value ?? '';

export const writeSetting = async (db: Queryable, key: SettingKey, value: string): Promise<void> => {
  await db.query(
    'insert into site_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
    [key, value],
  );
};
