import type { ReactNode } from 'react';
import { Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import './ui.css';

export interface ModalProps {
  isOpen: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The modal's buttons. */
  actions: ReactNode;
  /** Called on Escape (and on an outside click when `isDismissable`); a static modal leaves it out. */
  onClose?: () => void;
  isDismissable?: boolean;
  role?: 'dialog' | 'alertdialog';
  size?: 'small' | 'large';
}

/** A centred modal dialog; focus is trapped inside and returns to the trigger on close. */
export function Modal({ isOpen, title, children, actions, onClose, isDismissable = false, role = 'dialog', size = 'small' }: ModalProps) {
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
