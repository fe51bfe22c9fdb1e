import type { Message } from '../../contract/validation';
import { useMessage } from '../app/messages';

/** A refusal or failure from the machine, translated and announced. */
export function ErrorNotice({ message }: { message: Message | null }) {
  const translate = useMessage();
  return message ? <div className="notice notice--error" role="alert">{translate(message)}</div> : null;
}

/** A success, translated and announced politely. */
export function SuccessNotice({ children }: { children: string | null | false }) {
  return children ? <div className="notice notice--success" role="status">{children}</div> : null;
}
