import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../platform/format';
import { routePaths } from '../../../contract/paths';
import { ErrorNotice } from '../../shared/notices';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import type { BuyPhase } from '../../../machines/buy-insurance.connect';
import type { BuyActorRef } from './use-buy-flow';

/** A page of the wizard that is not a step: waiting, a choice before starting, a failure, an end. */
export function BuyPhaseView({ actor, phase }: { actor: BuyActorRef; phase: Exclude<BuyPhase, 'step'> }) {
  const { t, i18n } = useTranslation('buy');
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const draft = useSelector(actor, (snapshot) => snapshot.context.drafts[0] ?? null);
  const productId = useSelector(actor, (snapshot) => snapshot.context.productId);
  const policyNumber = useSelector(actor, (snapshot) => snapshot.context.application?.policy_number ?? null);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (phase !== 'preparing') heading.current?.focus();
  }, [phase]);

  const backToProduct = productId === null ? routePaths.insuranceList.build() : routePaths.insuranceDetail.build({ id: productId });

  if (phase === 'preparing') {
    return (
      <div className="buy container">
        <h1 className="visually-hidden">{t('eyebrow')}</h1>
        <Spinner label={t('preparing')} />
      </div>
    );
  }

  const content = {
    offeringDraft: {
      title: t('draft.title'),
      body: <p>{t('draft.text', { date: draft ? formatDate(draft.created_at, i18n.language) : '' })}</p>,
      actions: (
        <>
          <Button onPress={() => actor.send({ type: 'draft.continue' })}>{t('draft.continue')}</Button>
          <Button variant="secondary" onPress={() => actor.send({ type: 'draft.startNew' })}>{t('draft.startNew')}</Button>
        </>
      ),
    },
    createFailed: {
      title: t('failed.create'),
      body: <ErrorNotice message={error} />,
      actions: (
        <>
          <Button onPress={() => actor.send({ type: 'flow.retry' })}>{t('failed.retry')}</Button>
          <ButtonLink href={backToProduct} variant="secondary">{t('failed.backToProducts')}</ButtonLink>
        </>
      ),
    },
    loadFailed: {
      title: t('failed.load'),
      body: <ErrorNotice message={error} />,
      actions: (
        <>
          <Button onPress={() => actor.send({ type: 'flow.retry' })}>{t('failed.retry')}</Button>
          <ButtonLink href={routePaths.insuranceList.build()} variant="secondary">{t('failed.backToProducts')}</ButtonLink>
        </>
      ),
    },
    notFound: {
      title: t('notFound.title'),
      body: <p>{t('notFound.text')}</p>,
      actions: <ButtonLink href={routePaths.insuranceList.build()}>{t('notFound.link')}</ButtonLink>,
    },
    noPurchase: {
      title: t('noPurchase.title'),
      body: <p>{t('noPurchase.text')}</p>,
      actions: <ButtonLink href={routePaths.insuranceList.build()}>{t('noPurchase.link')}</ButtonLink>,
    },
    paid: {
      title: t('paid.title'),
      body: (
        <>
          <p>{t('paid.text')}</p>
          {policyNumber ? <p className="buy-phase__policy">{t('paid.policy', { number: policyNumber })}</p> : null}
        </>
      ),
      actions: (
        <>
          <ButtonLink href={routePaths.contracts.build()}>{t('paid.myInsurances')}</ButtonLink>
          <ButtonLink href={routePaths.insuranceList.build()} variant="secondary">{t('paid.products')}</ButtonLink>
        </>
      ),
    },
  }[phase];

  return (
    <div className="buy container">
      <section className="buy-phase" aria-labelledby="buy-phase-title">
        <p className="buy__eyebrow">{t('eyebrow')}</p>
        <h1 id="buy-phase-title" ref={heading} tabIndex={-1} className="buy-phase__title">{content.title}</h1>
        <div className="buy-phase__body">{content.body}</div>
        <div className="buy-actions buy-actions--start">{content.actions}</div>
      </section>
    </div>
  );
}
