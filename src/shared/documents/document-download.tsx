/**
 * A document the customer keeps (certificate, receipt, claim letter): one button in the page's
 * language and a link for the other language, each one press = one PDF handed to the browser
 * (machines/document-download.machine.ts). While it is made the button says so; a failure says why
 * next to it and the same button tries again.
 */
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { documentDownloadMachine, type DocumentLanguage } from '../../../machines/document-download.machine';
import { fetchDocument, type DownloadedDocument } from '../../api/documents.api';
import { useMessage } from '../../platform/messages';
import { Button } from '../../ui/button';
import './documents.css';

/** Hands the file to the browser to keep (the download bar, or the PDF viewer on a phone). */
const keep = ({ blob, filename }: DownloadedDocument) => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

export interface DocumentDownloadProps {
  /** The API path (contract/document.schema.ts `documentPaths`). */
  path: string;
  /** What the button says, e.g. 'Download the certificate (PDF)'. */
  label: string;
  /** Credentials beyond the session's token (a visitor's application key). */
  headers?: Record<string, string>;
  variant?: 'primary' | 'secondary';
}

export function DocumentDownload({ path, label, headers, variant = 'secondary' }: DocumentDownloadProps) {
  const { t, i18n } = useTranslation('documents');
  const translate = useMessage();
  const language: DocumentLanguage = i18n.language === 'en' ? 'en' : 'mn';
  const other: DocumentLanguage = language === 'en' ? 'mn' : 'en';
  // The headers object may be new on every render; its content is what matters.
  const headerKey = JSON.stringify(headers ?? {});
  const machine = useMemo(() => {
    const credentials = JSON.parse(headerKey) as Record<string, string>;
    return documentDownloadMachine.provide({
      actors: { fetchDocument: fromPromise<unknown, { language: DocumentLanguage }>(async ({ input }) => keep(await fetchDocument(path, input.language, credentials))) },
    });
  }, [path, headerKey]);
  const actor = useActorRef(machine);
  const view = useSelector(
    actor,
    (state) => ({ busy: state.matches('downloading'), language: state.context.language, error: state.context.error, saved: state.context.saved }),
    shallowEqual,
  );
  return (
    <div className="document-download">
      <div className="document-download__actions">
        <Button variant={variant} isBusy={view.busy && view.language === language} onPress={() => actor.send({ type: 'document.download', language })}>
          {view.busy && view.language === language ? t('preparing') : label}
        </Button>
        <Button variant="ghost" isBusy={view.busy && view.language === other} onPress={() => actor.send({ type: 'document.download', language: other })}>
          {t(`otherLanguage.${other}`)}
        </Button>
      </div>
      {view.error ? (
        <p className="notice notice--error document-download__error" role="alert">
          {t('failed')} {translate(view.error)}
        </p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {view.saved > 0 ? t('saved') : ''}
      </p>
    </div>
  );
}
