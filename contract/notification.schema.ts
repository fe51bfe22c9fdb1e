/**
 * Notifications (issue 14): what the reference server tells a policyholder about. Each kind has a
 * translated title and text (`notifications.kinds.<kind>` in the locales) filled from `params`.
 */
import { z } from 'zod/mini';

export const NOTIFICATION_KINDS = [
  'invoice_paid',
  'policy_issued',
  'claim_stage_changed',
  'credit_med_status_changed',
  'feedback_replied',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Values a notification's text is filled with (contract numbers, amounts in MNT, stage keys...). */
export type NotificationParams = Readonly<Record<string, string | number>>;

/** How many notifications one page of GET /api/notifications/ holds at most. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.number(),
  /** A kind this client may not know yet (a newer server) is shown with a generic text. */
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** An app path the notification opens, or null. */
  link: z.nullable(z.string()),
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications/?before={id}: newest first; `next` is the `before` of the next page, null at the end. */
export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  next: z.nullable(z.number()),
  unread: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/** The answer of the mark-as-read calls, and the data of the stream's `unread` event. */
export const unreadCountSchema = z.object({ unread: z.number() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** GET /api/notifications/stream/ sends this event with `{ unread }` on connecting and after every change. */
export const NOTIFICATION_STREAM_EVENT = 'unread';

/**
 * The params each kind's text uses (the client falls back to a text without them when one is
 * missing): amounts are integers in MNT; `feedback_kind` is a FEEDBACK_KINDS value.
 */
export const NOTIFICATION_TEXT_PARAMS: Readonly<Record<NotificationKind, readonly string[]>> = {
  // `contract_number` too when it paid a policy's fees (then named in the text).
  invoice_paid: ['amount'],
  policy_issued: ['contract_number'],
  // `stage`: a CLAIM_STAGES value; a resolved claim's also has `outcome` (a CLAIM_OUTCOMES value), which its text names.
  claim_stage_changed: ['claim_number', 'stage'],
  // `status`: a PRE_CLAIM_STATUSES value, or the contract's 'awaiting_signature' / 'signed'; `amount` for a pre-claim.
  credit_med_status_changed: ['status'],
  feedback_replied: ['feedback_kind'],
};
