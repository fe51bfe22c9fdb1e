/**
 * The fee-payment machine's view: the payable fees with a checkbox each, the total, the shared
 * provider choice of its payment step (and MostMoney's phone), and the pay button. Used by the
 * policy's fee page, /user/fee-payment and the /fee flow's payment step.
 */
import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { connectFeePayment } from '../../../machines/fee-payment.connect';
import { connectProviderPayment } from '../../../machines/provider-payment.connect';
import type { feePaymentMachine } from '../../../machines/fee-payment.machine';
import { useMessage } from '../../platform/messages';
import { Button } from '../../ui/button';
import { Checkbox } from '../../ui/checkbox';
import { ProviderPaymentChoice } from '../../shared/payment/provider-choice';
import { Spinner } from '../../ui/spinner';
import { ErrorNotice } from '../../shared/notices';
import { useFeeFormat } from './fee-format';
import { FeeStatusBadge } from './fee-status-badge';

export type FeePaymentActor = ActorRefFrom<typeof feePaymentMachine>;

export function FeeChooser({ actor, showPolicy = false, emptyText }: { actor: FeePaymentActor; showPolicy?: boolean; emptyText: string }) {
  const { t } = useTranslation('fees');
  const translate = useMessage();
  const format = useFeeFormat();
  const view = useSelector(actor, connectFeePayment, shallowEqual);
  const payment = useSelector(view.payment ?? undefined, (snapshot) => (snapshot ? connectProviderPayment(snapshot) : null), shallowEqual);
  const { payable, total } = view;
  // The payment is being made, or made and leaving (no payment step), or the list is read again: the form waits.
  const busy = payment === null || payment.busy;

  if (view.step === 'loading') return <Spinner label={t('chooser.loading')} />;
  if (view.step === 'loadFailed') {
    return (
      <div className="notice notice--error" role="alert">
        <p>{t('chooser.loadFailed')} {translate(view.error)}</p>
        <Button variant="secondary" onPress={() => actor.send({ type: 'fees.retry' })}>{t('common:actions.retry')}</Button>
      </div>
    );
  }
  if (view.step === 'empty') {
    return (
      <>
        <ErrorNotice message={view.error} />
        <p className="fee-empty">{emptyText}</p>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    view.payment?.send({ type: 'payment.submit' });
  };
  const itemsError = translate(payment?.errors.items);

  return (
    <form className="fee-chooser" onSubmit={submit} noValidate>
      <ErrorNotice message={payment ? payment.error : view.error} />
      <fieldset className="fee-chooser__fees" disabled={busy} aria-describedby={itemsError ? 'fee-items-error' : undefined}>
        <legend className="fee-chooser__legend">{t('chooser.fees')}</legend>
        <ul className="fee-list">
          {payable.map((fee) => (
            <li key={fee.id} className="fee-list__item" data-status={fee.status}>
              <Checkbox
                isSelected={view.selected.includes(fee.id)}
                onChange={() => actor.send({ type: 'fees.toggle', id: fee.id })}
                name="fee"
              >
                <span className="fee-list__label">
                  <span className="fee-list__date">{t('chooser.dueOn', { date: format.day(fee.due_date) })}</span>
                  {showPolicy ? <span className="fee-list__policy">{fee.product_name} · {fee.contract_number}</span> : null}
                  <span className="fee-list__amount">{format.money(fee.amount)}</span>
                </span>
              </Checkbox>
              <FeeStatusBadge status={fee.status} />
            </li>
          ))}
        </ul>
        {itemsError ? <p id="fee-items-error" className="field__error">{itemsError}</p> : null}
      </fieldset>
      <p className="fee-chooser__total">
        {t('chooser.total', { count: view.selected.length })} <strong data-testid="fee-total">{format.money(total)}</strong>
      </p>
      {view.payment ? <ProviderPaymentChoice id="fee" actor={view.payment} /> : null}
      <p className="fee-chooser__note">{t('chooser.updateNote')}</p>
      <Button type="submit" isBusy={busy} className="fee-chooser__pay">
        {busy ? t('chooser.paying') : t('chooser.pay', { amount: format.money(total) })}
      </Button>
    </form>
  );
}
