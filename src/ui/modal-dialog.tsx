import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import type { ModalProps } from './modal';
import './ui.css';

export default function ModalDialog({ isOpen, title, children, actions, onClose, isDismissable = false, role = 'dialog', size = 'small' }: ModalProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!onClose}
      onOpenChange={(open) => {
        if (!open) onClose?.();
      }}
      className="modal-overlay"
    >
      <AriaModal className={`modal modal--${size}`}>
        <Dialog role={role} className="modal__dialog">
          <Heading slot="title" className="modal__title">{title}</Heading>
          <div className="modal__body">{children}</div>
          <div className="modal__actions">{actions}</div>
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
