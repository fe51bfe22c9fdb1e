import type { ReactNode } from 'react';
import { Button as AriaButton, FileTrigger } from 'react-aria-components';
import './ui.css';

export interface FileChooserProps {
  /** Types and extensions the picker offers (the browser's `accept`); the content is checked anyway. */
  accept: readonly string[];
  onChoose: (file: File) => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  isDisabled?: boolean;
  /** Offers the camera on phones (`user`: the front one, for a selfie). */
  camera?: 'user' | 'environment';
  'aria-describedby'?: string;
  'aria-label'?: string;
  children: ReactNode;
}

/**
 * A button that opens the file picker (react-aria's FileTrigger): one file, handed over as soon as it
 * is chosen. Looks like the product's buttons.
 */
export function FileChooser({ accept, onChoose, variant = 'secondary', isDisabled, camera, children, ...props }: FileChooserProps) {
  return (
    <FileTrigger
      acceptedFileTypes={accept}
      {...(camera ? { defaultCamera: camera } : {})}
      onSelect={(files) => {
        const file = files?.[0];
        if (file) onChoose(file);
      }}
    >
      <AriaButton {...props} isDisabled={isDisabled} className={`button button--${variant}`}>
        <span className="button__label">{children}</span>
      </AriaButton>
    </FileTrigger>
  );
}
