import { useTranslation } from 'react-i18next';
import { CLAIM_OUTCOMES } from '../../../contract/claim.schema';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT_PARAMS, type Notification, type NotificationKind } from '../../../contract/notification.schema';
import { formatMoney } from '../../platform/format';

const isKnown = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A notification's translated title and text, filled from its params (money formatted, kinds named). */
export function useNotificationText() {
  const { t, i18n } = useTranslation('notifications');
  return (notification: Notification) => {
    const kind = isKnown(notification.kind) ? notification.kind : 'other';
    const needs = kind === 'other' ? [] : NOTIFICATION_TEXT_PARAMS[kind];
    const params = notification.params;
    const complete = needs.every((name) => params[name] !== undefined && params[name] !== '');
    const values: Record<string, string | number> = { ...params };
    if (typeof params.amount === 'number') values.amount = formatMoney(params.amount, i18n.language);
    if (typeof params.feedback_kind === 'string') values.feedback_kind = t(`feedbackKinds.${params.feedback_kind}`, { defaultValue: t('feedbackKinds.question') });
    if (typeof params.stage === 'string') values.stage = t(`claimStages.${params.stage}`, { defaultValue: params.stage });
    if (typeof params.status === 'string') values.status = t(`creditMedStatuses.${params.status}`, { defaultValue: params.status });
    // A fee payment names its policy; a pre-claim's status names its amount.
    const variant =
      kind === 'invoice_paid' && params.contract_number !== undefined ? 'textPolicy' : kind === 'credit_med_status_changed' && params.amount !== undefined ? 'textAmount' : 'text';
    // A resolved claim says how it was decided (a refusal is not only 'resolved').
    const outcome = kind === 'claim_stage_changed' && params.stage === 'resolved' && typeof params.outcome === 'string' ? params.outcome : null;
    if (outcome && complete && (CLAIM_OUTCOMES as readonly string[]).includes(outcome)) {
      return { title: t(`kinds.claim_stage_changed.outcomes.${outcome}.title`), text: t(`kinds.claim_stage_changed.outcomes.${outcome}.text`, values) };
    }
    return {
      title: t(`kinds.${kind}.title`),
      text: complete ? t(`kinds.${kind}.${variant}`, values) : t(`kinds.${kind}.textPlain`),
    };
  };
}
