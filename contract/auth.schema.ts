/** The auth calls of SPEC section 7: request and answer shapes, shared by client and server. */
import { z } from 'zod/mini';
import { loginEmailSchema, passwordSchema } from './validation';

export const loginBodySchema = z.object({ email: loginEmailSchema, password: passwordSchema });
export type LoginBody = z.input<typeof loginBodySchema>;

export const tokenResponseSchema = z.object({ access: z.string().check(z.minLength(1)) });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const verifyBodySchema = z.object({
  token: z.string({ error: 'validation.fieldRequired' }).check(z.minLength(1, 'validation.fieldRequired')),
});

export const profileSchema = z.object({
  partner_id: z.int(),
  name: z.string(),
  is_staff: z.boolean(),
  user_manual_document: z.string(),
  user_manual_video: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** GET /api/help/ (public): the user manual's links, for the help button of the public flows (purchase, /ot/). */
export const helpLinksSchema = z.object({
  user_manual_document: z.string(),
  user_manual_video: z.string(),
});
export type HelpLinks = z.infer<typeof helpLinksSchema>;

export const eligibilitySchema = z.object({ is_eligible: z.boolean() });
export type Eligibility = z.infer<typeof eligibilitySchema>;
