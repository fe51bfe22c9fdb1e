import { lazy, Suspense, type ReactNode } from 'react';

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

// The dialog's code (focus trap, scroll lock, overlay) loads the first time a modal opens, so pages
// that never show one do not pay for it.
const ModalDialog = lazy(() => import('./modal-dialog'));

/** A centred modal dialog; focus is trapped inside and returns to the trigger on close. */
export function Modal(props: ModalProps) {
  if (!props.isOpen) return null;
  return (
    <Suspense fallback={<div className="modal-overlay" aria-busy="true" />}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
