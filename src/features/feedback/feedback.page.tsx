import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_KINDS, FEEDBACK_TEXT_MAX, feedbackRequestSchema, type FeedbackItem, type FeedbackKind } from '../../../contract/feedback.schema';
import { errorFields, errorMessage } from '../../../contract/api-error';
import { toFieldErrors, type FieldErrors, type Message } from '../../../contract/validation';
import { getContracts } from '../../api/contracts.api';
import { getFeedback, sendFeedback } from '../../api/feedback.api';
import { formatDate } from '../../app/format';
import { useMessage } from '../../app/messages';
import { useResource } from '../../flows/use-resource';
import { useNotificationChanges } from '../../shared/notifications-live';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { TextArea } from '../../ui/text-area';
import './feedback.css';

const newKey = () => globalThis.crypto.randomUUID();

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const { t, i18n } = useTranslation('feedback');
  return (
    <li className="feedback-item" id={`feedback-${item.id}`}>
      <div className="feedback-item__top">
        <h3 className="feedback-item__kind">{t(`kinds.${item.kind}`)}</h3>
        <span className="feedback-item__meta">
          {t('list.sentOn', { date: formatDate(item.created_at, i18n.language) })}
          {item.contract_number ? ` · ${t('list.about', { contract_number: item.contract_number })}` : ''}
        </span>
      </div>
      <p className="feedback-item__text">{item.text}</p>
      {item.reply ? (
        <div className="feedback-item__reply">
          <p className="feedback-item__reply-title">{t('list.reply', { date: formatDate(item.reply.replied_at, i18n.language) })}</p>
          <p className="feedback-item__reply-text">{item.reply.text}</p>
        </div>
      ) : (
        <p className="feedback-item__awaiting">{t('list.awaiting')}</p>
      )}
    </li>
  );
}

/** /user/feedback: send feedback (kind, optional policy, text with a counter) and read earlier feedback with replies. */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation('feedback');
  const translate = useMessage();
  const contracts = useResource(getContracts, i18n.language);
  // Each change of `version` (a reply came, feedback was sent) or of the language reloads the list.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((value) => value + 1);
  const feedback = useResource(getFeedback, `${i18n.language}:${version}`);
  const items = feedback.data?.items ?? null;
  const listError = feedback.status === 'failed' ? feedback.error : null;
  const [kind, setKind] = useState<FeedbackKind | null>(null);
  const [policyId, setPolicyId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [fields, setFields] = useState<FieldErrors>({});
  const [sendError, setSendError] = useState<Message | null>(null);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  // One key per feedback: a retry after a lost answer sends it once; a new one after success.
  const key = useRef(newKey());

  // A reply arrives as a notification: show it without a reload.
  useNotificationChanges(reload);

  const policies = useMemo(
    () => (contracts.data?.contracts ?? []).map((contract) => ({ id: String(contract.id), label: `${contract.contract_number} · ${contract.product_name}` })),
    [contracts.data],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSent(false);
    setSendError(null);
    const request = { kind, policy_id: policyId ? Number(policyId) : null, text };
    const parsed = feedbackRequestSchema.safeParse(request);
    if (!parsed.success) {
      setFields(toFieldErrors(parsed.error));
      return;
    }
    setFields({});
    setSending(true);
    try {
      await sendFeedback(parsed.data, key.current);
      key.current = newKey();
      setKind(null);
      setPolicyId(null);
      setText('');
      setSent(true);
      reload();
    } catch (error) {
      setFields(errorFields(error));
      setSendError(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  const edit = (change: () => void, field: string) => {
    change();
    setSent(false);
    if (fields[field]) setFields(({ [field]: _, ...rest }) => rest);
  };

  return (
    <div className="feedback-page">
      <header>
        <h1>{t('title')}</h1>
        <p className="feedback-page__lead">{t('lead')}</p>
      </header>
      <section className="feedback-page__section" aria-labelledby="feedback-form-title">
        <h2 id="feedback-form-title">{t('form.title')}</h2>
        <form className="feedback-form" noValidate onSubmit={(event) => void submit(event)}>
          <Select
            label={t('form.kind')}
            items={FEEDBACK_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
            selectedKey={kind}
            onSelectionChange={(id) => edit(() => setKind((id as FeedbackKind | null) ?? null), 'kind')}
            errorMessage={translate(fields.kind)}
            isRequired
            name="kind"
          />
          <Select
            label={t('form.policy')}
            items={policies}
            selectedKey={policyId}
            onSelectionChange={(id) => edit(() => setPolicyId(id), 'policy_id')}
            errorMessage={translate(fields.policy_id)}
            placeholder={t('form.noPolicy')}
            name="policy"
          />
          {contracts.status === 'failed' ? <p className="feedback-form__hint">{t('form.policiesFailed')}</p> : null}
          <TextArea
            label={t('form.text')}
            value={text}
            onChange={(value) => edit(() => setText(value), 'text')}
            errorMessage={translate(fields.text)}
            description={
              <span className={text.length > FEEDBACK_TEXT_MAX ? 'feedback-form__counter feedback-form__counter--over' : 'feedback-form__counter'}>
                {t('form.counter', { count: text.length, max: FEEDBACK_TEXT_MAX })}
              </span>
            }
            isRequired
            name="text"
          />
          {sendError ? <div className="notice notice--error" role="alert">{translate(sendError)}</div> : null}
          <div role="status">{sent ? <div className="notice notice--success">{t('form.sent')}</div> : null}</div>
          <Button type="submit" isBusy={sending}>{t('form.send')}</Button>
        </form>
      </section>
      <section className="feedback-page__section" aria-labelledby="feedback-list-title">
        <h2 id="feedback-list-title">{t('list.title')}</h2>
        {listError ? (
          <div className="notice notice--error" role="alert">
            <p>{t('list.failed')} {translate(listError)}</p>
            <Button variant="secondary" onPress={feedback.retry}>{t('common:actions.retry')}</Button>
          </div>
        ) : null}
        {!items && !listError ? <Spinner label={t('list.loading')} /> : null}
        {items && items.length === 0 ? <p className="feedback-page__empty">{t('list.empty')}</p> : null}
        {items && items.length > 0 ? (
          <ul className="feedback-list" aria-labelledby="feedback-list-title">
            {items.map((item) => <FeedbackEntry key={item.id} item={item} />)}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
