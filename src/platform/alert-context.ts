/** The alert actor: any screen raises a message with `useAlert()`; the layouts render the modal. */
import { createActorContext } from '@xstate/react';
import { alertMachine } from '../../machines/alert.machine';
import type { Message } from '../../contract/validation';

export const AlertActor = createActorContext(alertMachine);

export const useAlert = () => {
  const actor = AlertActor.useActorRef();
  return (message: Message) => actor.send({ type: 'alert.show', message });
};
