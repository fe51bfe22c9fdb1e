/**
 * Feedback (issue 14): a policyholder's question, complaint, suggestion or thanks, optionally about
 * one of their policies, and the insurer's reply. Shared by the form (client) and the API, which
 * validates every request again. See docs/api.md, "Feedback".
 */
import { z } from 'zod/mini';
import { nextCursorSchema } from './page.schema';
import { dbIdSchema, messages } from './validation';

export const FEEDBACK_KINDS = ['question', 'complaint', 'suggestion', 'thanks'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** The longest feedback text, in characters (UTF-16 code units, as the counter shows them). */
export const FEEDBACK_TEXT_MAX = 2000;

/** POST /api/feedback/ */
export const feedbackRequestSchema = z.object({
  kind: z.enum(FEEDBACK_KINDS, { error: messages.valueRequired }),
  /** One of the user's policies (GET /api/contracts/), or null for feedback about nothing in particular. */
  policy_id: z.nullable(z.optional(dbIdSchema(messages.valueRequired))),
  text: z
    .string({ error: messages.valueRequired })
    .check(z.trim(), z.minLength(1, messages.valueRequired), z.maxLength(FEEDBACK_TEXT_MAX, messages.maxLength)),
});
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;

export const feedbackItemSchema = z.object({
  id: z.number(),
  kind: z.enum(FEEDBACK_KINDS),
  policy_id: z.nullable(z.number()),
  /** The policy's contract number, when the feedback is about one. */
  contract_number: z.nullable(z.string()),
  text: z.string(),
  created_at: z.string(),
  /** The insurer's answer, null until it replies. */
  reply: z.nullable(z.object({ text: z.string(), replied_at: z.string() })),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

/** The feedback a page of GET /api/feedback/ shows. */
export const FEEDBACK_PAGE_SIZE = 20;

/**
 * GET /api/feedback/?before={cursor}: the user's feedback, newest first (sent, then id),
 * FEEDBACK_PAGE_SIZE a page; `next` is the `before` of the next (older) page (contract/page.schema.ts).
 */
export const feedbackListSchema = z.object({ items: z.array(feedbackItemSchema), next: nextCursorSchema });
export type FeedbackList = z.infer<typeof feedbackListSchema>;
