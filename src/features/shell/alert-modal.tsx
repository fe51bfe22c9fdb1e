import { useTranslation } from 'react-i18next';
import { useMessage } from '../../platform/messages';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { AlertActor } from '../../platform/alert-context';

/** The static alert modal of SPEC 2: one message at a time, closed only with OK. */
export function AlertModal() {
  const { t } = useTranslation();
  const translate = useMessage();
  const actor = AlertActor.useActorRef();
  const message = AlertActor.useSelector((snapshot) => (snapshot.matches('showing') ? snapshot.context.queue[0] : undefined));
  return (
    <Modal
      isOpen={message !== undefined}
      role="alertdialog"
      title={t('alert.title')}
      actions={<Button onPress={() => actor.send({ type: 'alert.dismiss' })} autoFocus>{t('actions.ok')}</Button>}
    >
      <p>{translate(message)}</p>
    </Modal>
  );
}
