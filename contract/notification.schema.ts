/**
 * Notifications (issue 14): what the reference server tells a policyholder about. Each kind has a
 * translated title and text (`notifications.kinds.<kind>` in the locales) filled from `params`.
 */
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
