import type { Message } from '../../contract/validation';
import { useMessage } from '../platform/messages';
import { Button } from '../ui/button';

export interface ErrorNoticeProps {
  /** A refusal or failure from the machine or the API, translated here. */
  message?: Message | null;
  /** The page's own translation of `message` (e.g. one that formats money in its values). */
  translate?: (message: Message) => string | null;
  /** A text already in the page's language, when there is no message. */
  children?: string | null | false;
  /** A class beside `notice notice--error`, for the page's spacing. */
  className?: string;
}

/** A refusal or failure, translated and announced: every page's error notice. */
export function ErrorNotice({ message = null, translate, children, className }: ErrorNoticeProps) {
  const byDefault = useMessage();
  const text = message ? (translate ?? byDefault)(message) : children;
  return text ? (
    <div className={className ? `notice notice--error ${className}` : 'notice notice--error'} role="alert">
      {text}
    </div>
  ) : null;
}

export interface RetryNoticeProps {
  /** What failed, in the page's language ("The claims could not be loaded."). */
  text: string;
  /** Why: the failure's message, translated after the text. */
  error: Message | null;
  onRetry: () => void;
  retryLabel: string;
  /** The retry as the page's main button (else a secondary one). */
  primary?: boolean;
  /** A class beside `notice notice--error`, for the page's spacing. */
  className?: string;
}

/** Something the page needs could not be loaded: what and why, announced, and the button to try again. */
export function RetryNotice({ text, error, onRetry, retryLabel, primary = false, className }: RetryNoticeProps) {
  const translate = useMessage();
  return (
    <div className={className ? `notice notice--error ${className}` : 'notice notice--error'} role="alert">
      <p>
        {text} {translate(error)}
      </p>
      <Button variant={primary ? 'primary' : 'secondary'} onPress={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

/** A success, translated and announced politely. */
export function SuccessNotice({ children }: { children: string | null | false }) {
  return children ? <div className="notice notice--success" role="status">{children}</div> : null;
}
