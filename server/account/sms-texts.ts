/** The texts sent to phones, in the language of the request (or the account's language). */
import type { LanguageCode } from '../../contract/account.schema';

const SITE = { mn: 'Нар Лайф', en: 'Nar Life' } as const;
/** The support line customers call when a change was not theirs (src/platform/config.ts shows the same). */
const SUPPORT_PHONE = '7000-1234';

const minutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));

export const smsTexts = {
  registrationCode: (language: LanguageCode, code: string, ttlSeconds: number) =>
    language === 'en'
      ? `${SITE.en}: your registration code is ${code}. It expires in ${minutes(ttlSeconds)} minutes. Do not share it with anyone.`
      : `${SITE.mn}: бүртгэлийн баталгаажуулах код ${code}. Код ${minutes(ttlSeconds)} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`,

  resetCode: (language: LanguageCode, code: string, ttlSeconds: number) =>
    language === 'en'
      ? `${SITE.en}: your password recovery code is ${code}. It expires in ${minutes(ttlSeconds)} minutes. Do not share it with anyone.`
      : `${SITE.mn}: нууц үг сэргээх код ${code}. Код ${minutes(ttlSeconds)} минутын дараа хүчингүй болно. Хэнд ч бүү хэлээрэй.`,

  username: (language: LanguageCode, email: string) =>
    language === 'en'
      ? `${SITE.en}: your login e-mail is ${email}`
      : `${SITE.mn}: таны нэвтрэх и-мэйл ${email}`,

  passwordChanged: (language: LanguageCode) =>
    language === 'en'
      ? `${SITE.en}: your password was changed. If it was not you, call ${SUPPORT_PHONE}.`
      : `${SITE.mn}: таны нууц үг солигдлоо. Хэрэв та биш бол ${SUPPORT_PHONE} утсаар холбогдоно уу.`,

  emailChanged: (language: LanguageCode, email: string) =>
    language === 'en'
      ? `${SITE.en}: your login e-mail was changed to ${email}. If it was not you, call ${SUPPORT_PHONE}.`
      : `${SITE.mn}: таны нэвтрэх и-мэйл ${email} болж солигдлоо. Хэрэв та биш бол ${SUPPORT_PHONE} утсаар холбогдоно уу.`,
};
