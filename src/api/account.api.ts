/** The account calls (docs/api.md, "Accounts"): one function per call, answers parsed with their schemas. */
import { z } from 'zod/mini';
import {
  accountSchema,
  profileSavedSchema,
  codeSentSchema,
  okSchema,
  usernameSentSchema,
  type ChangePasswordBody,
  type ConfirmBody,
  type ForgotPasswordBody,
  type ForgotUsernameBody,
  type LanguageBody,
  type ProfileBody,
  type RegisterBody,
  type ResendBody,
  type ResetBody,
} from '../../contract/account.schema';
import { tokenResponseSchema } from '../../contract/auth.schema';
import { http, request } from './client';

const post = <T extends z.ZodMiniType>(schema: T, path: string, body: unknown) => request(schema, () => http.post(path, { json: body }).json());
const put = <T extends z.ZodMiniType>(schema: T, path: string, body: unknown) => request(schema, () => http.put(path, { json: body }).json());

/** POST /api/account/register/: sends a code to the phone in the person's contract. */
export const startRegistration = (body: RegisterBody) => post(codeSentSchema, 'api/account/register/', body);
/** POST /api/account/register/resend/: a new code (the server refuses inside the 60 s wait). */
export const resendRegistrationCode = (body: ResendBody) => post(codeSentSchema, 'api/account/register/resend/', body);
/** POST /api/account/register/confirm/: the code creates the account and answers its first token. */
export const confirmRegistration = (body: ConfirmBody) => post(tokenResponseSchema, 'api/account/register/confirm/', body);

/** POST /api/account/forgot-username/: the login e-mail goes to the account's phone. */
export const sendUsername = (body: ForgotUsernameBody) => post(usernameSentSchema, 'api/account/forgot-username/', body);

/** POST /api/account/forgot-password/: a code to the account's phone. */
export const requestPasswordReset = (body: ForgotPasswordBody) => post(codeSentSchema, 'api/account/forgot-password/', body);
export const resendResetCode = (body: ResendBody) => post(codeSentSchema, 'api/account/forgot-password/resend/', body);
export const verifyResetCode = (body: ConfirmBody) => post(okSchema, 'api/account/forgot-password/verify/', body);
export const resetPassword = (body: ResetBody) => post(okSchema, 'api/account/forgot-password/reset/', body);

/** GET /api/account/ (bearer): the signed-in user's account. */
export const getAccount = () => request(accountSchema, () => http.get('api/account/').json());
/** PUT /api/account/ (bearer): a new e-mail needs the current password; it answers a new token (other sessions end). */
export const saveProfile = (body: ProfileBody) => put(profileSavedSchema, 'api/account/', body);
/** POST /api/account/password/ (bearer): answers a new token; every older one stops working. */
export const changePassword = (body: ChangePasswordBody) => post(tokenResponseSchema, 'api/account/password/', body);
export const saveLanguage = (body: LanguageBody) => put(accountSchema, 'api/account/language/', body);
