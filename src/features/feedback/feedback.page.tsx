import { shallowEqual, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { connectFeedback } from '../../../machines/feedback.connect';
import { feedbackMachine } from '../../../machines/feedback.machine';
import { routePaths } from '../../../contract/paths';
import { FEEDBACK_KINDS, FEEDBACK_TEXT_MAX, type FeedbackItem, type FeedbackKind } from '../../../contract/feedback.schema';
import { getContracts } from '../../api/contracts.api';
import { getFeedback, sendFeedback } from '../../api/feedback.api';
import { AuthActor, selectSession } from '../../platform/auth-context';
import { formatDate } from '../../platform/format';
import { currentHash } from '../../platform/location';
import { useMessage } from '../../platform/messages';
import { userKeyOf } from '../../flows/persistence';
import { useResource } from '../../flows/use-resource';
import { useWizard } from '../../flows/use-wizard';
import { ListPager, useBeforeCursor } from '../../shared/list-pager';
import { useNotificationChanges } from '../../shared/notifications-live';
import { Button } from '../../ui/button';
import { Select } from '../../ui/select';
import { Spinner } from '../../ui/spinner';
import { TextArea } from '../../ui/text-area';
import { policyOption } from './policy-option';
import './feedback.css';

/** The list's page the address asks for (its `?before=` cursor), set by the page before the list loads. */
const listPage: { before: string | null } = { before: null };

const appMachine = feedbackMachine.provide({
  actors: {
    sendFeedback: fromPromise(({ input }) => sendFeedback(input.body, input.key)),
    loadFeedback: fromPromise(() => getFeedback(listPage.before)),
  },
});

// The search and its combo box load only for a customer with more policies than a page.
const PolicySearch = lazy(() => import('./policy-search'));

/** The feedback a link names (`#feedback-<id>`, a reply's notification), or null. */
const linkedFeedbackId = (hash: string) => (/^feedback-(\d+)$/.exec(hash) ? Number(hash.slice('feedback-'.length)) : null);

/** One feedback; the one a link names is marked (`aria-current`, highlighted) and can take the focus. */
function FeedbackEntry({ item, isLinked }: { item: FeedbackItem; isLinked: boolean }) {
  const { t, i18n } = useTranslation('feedback');
  return (
    <li
      className="feedback-item"
      id={`feedback-${item.id}`}
      tabIndex={isLinked ? -1 : undefined}
      aria-current={isLinked ? 'true' : undefined}
      data-linked={isLinked || undefined}
    >
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

/** /user/feedback: send feedback (kind, optional policy, text with a counter) and read earlier feedback with replies (`feedback` machine on the runner). */
export default function FeedbackPage() {
  const { t, i18n } = useTranslation('feedback');
  const translate = useMessage();
  const contracts = useResource(getContracts, i18n.language);
  const user = userKeyOf(AuthActor.useSelector(selectSession)?.profile.partner_id);
  // One key per feedback: a retry after a lost answer sends it once; the next feedback gets the next key.
  const input = useMemo(() => ({ keySeed: globalThis.crypto.randomUUID() }), []);
  // The list's page is the address's `?before=`: a link to another page loads that page.
  const before = useBeforeCursor();
  const loadedBefore = useRef(before);
  // A layout effect runs before the runner starts the machine (a passive effect): the first load reads it.
  useLayoutEffect(() => {
    listPage.before = before;
  }, [before]);
  const actor = useWizard(appMachine, { flow: 'feedback', version: 1, user, input, persist: false, refreshOn: ['language'] });
  const view = useSelector(actor, connectFeedback, shallowEqual);
  const { fields, errors, items, listError } = view;
  useEffect(() => {
    if (loadedBefore.current === before) return;
    loadedBefore.current = before;
    actor.send({ type: 'feedback.reload' });
  }, [actor, before]);

  // A reply arrives as a notification: show it without a reload.
  useNotificationChanges(() => actor.send({ type: 'feedback.reload' }));

  // A reply's notification links to its feedback on the page that holds it: once it is listed, bring it into view and focus it.
  const linkedId = linkedFeedbackId(currentHash());
  const shownLink = useRef<string | null>(null);
  useEffect(() => {
    const place = `${before ?? ''}#${linkedId ?? ''}`;
    if (linkedId === null || shownLink.current === place || !items?.some((item) => item.id === linkedId)) return;
    shownLink.current = place;
    const entry = document.getElementById(`feedback-${linkedId}`);
    entry?.scrollIntoView({ block: 'start' });
    entry?.focus({ preventScroll: true });
  }, [before, items, linkedId]);

  const policies = useMemo(() => (contracts.data?.contracts ?? []).map(policyOption), [contracts.data]);
  // More policies than a page: the choice becomes a search by contract number, its options from the server.
  const searchable = (contracts.data?.next ?? null) !== null;

  // Every policy on one page (most customers): the platform's own select of them, as it always was.
  const policySelect = (
    <Select
      label={t('form.policy')}
      items={policies}
      selectedKey={fields.policyId}
      onSelectionChange={(id) => actor.send({ type: 'feedback.changePolicy', value: id })}
      errorMessage={translate(errors.policy_id)}
      placeholder={t('form.noPolicy')}
      name="policy"
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'feedback.submit' });
  };

  return (
    <div className="feedback-page">
      <header>
        <h1>{t('title')}</h1>
        <p className="feedback-page__lead">{t('lead')}</p>
      </header>
      <section className="feedback-page__section" aria-labelledby="feedback-form-title">
        <h2 id="feedback-form-title">{t('form.title')}</h2>
        <form className="feedback-form" noValidate onSubmit={submit}>
          <Select
            label={t('form.kind')}
            items={FEEDBACK_KINDS.map((id) => ({ id, label: t(`kinds.${id}`) }))}
            selectedKey={fields.kind}
            onSelectionChange={(id) => actor.send({ type: 'feedback.changeKind', value: (id as FeedbackKind | null) ?? null })}
            errorMessage={translate(errors.kind)}
            isRequired
            name="kind"
          />
          {searchable ? (
            <Suspense fallback={policySelect}>
              <PolicySearch
                firstPage={policies}
                selectedKey={fields.policyId}
                onSelectionChange={(id) => actor.send({ type: 'feedback.changePolicy', value: id })}
                fieldError={translate(errors.policy_id)}
              />
            </Suspense>
          ) : (
            policySelect
          )}
          {contracts.status === 'failed' ? <p className="feedback-form__hint">{t('form.policiesFailed')}</p> : null}
          <TextArea
            label={t('form.text')}
            value={fields.text}
            onChange={(value) => actor.send({ type: 'feedback.changeText', value })}
            errorMessage={translate(errors.text)}
            description={
              <span className={view.isTextTooLong ? 'feedback-form__counter feedback-form__counter--over' : 'feedback-form__counter'}>
                {t('form.counter', { count: view.textLength, max: FEEDBACK_TEXT_MAX })}
              </span>
            }
            isRequired
            name="text"
          />
          {view.error ? <div className="notice notice--error" role="alert">{translate(view.error)}</div> : null}
          <div role="status">{view.isSent ? <div className="notice notice--success">{t('form.sent')}</div> : null}</div>
          <Button type="submit" isBusy={view.isSending}>{t('form.send')}</Button>
        </form>
      </section>
      <section className="feedback-page__section" aria-labelledby="feedback-list-title">
        <h2 id="feedback-list-title">{t('list.title')}</h2>
        {listError ? (
          <div className="notice notice--error" role="alert">
            <p>{t('list.failed')} {translate(listError)}</p>
            <Button variant="secondary" onPress={() => actor.send({ type: 'feedback.retry' })}>{t('common:actions.retry')}</Button>
          </div>
        ) : null}
        {!items && !listError ? <Spinner label={t('list.loading')} /> : null}
        {items && items.length === 0 ? <p className="feedback-page__empty">{t('list.empty')}</p> : null}
        {items && items.length > 0 ? (
          <ul className="feedback-list" aria-labelledby="feedback-list-title">
            {items.map((item) => <FeedbackEntry key={item.id} item={item} isLinked={item.id === linkedId} />)}
          </ul>
        ) : null}
        {items ? (
          <ListPager
            before={before}
            next={view.next}
            hrefOf={(cursor) => (cursor ? routePaths.feedback.build({}, { before: cursor }) : routePaths.feedback.build())}
            label={t('list.pages')}
            newest={t('list.newest')}
            older={t('list.older')}
          />
        ) : null}
      </section>
    </div>
  );
}
