/**
 * /verify/{code} (public, issue 23): what the QR code on a certificate, receipt or claim letter opens.
 * It says whether the code names a genuine document and what the document states now (a policy in
 * force or lapsed, a payment received, a claim's outcome), with a masked name only; a forged or
 * altered code says so. Another code can be checked from here.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { VerifyAnswer } from '../../../contract/document.schema';
import { routePaths } from '../../../contract/paths';
import { verifyDocument } from '../../api/documents.api';
import { formatDate, formatMoney } from '../../platform/format';
import { useResource } from '../../flows/use-resource';
import { RetryNotice } from '../../shared/notices';
import { ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { TextField } from '../../ui/text-field';
import './verify.css';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="verify-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Answer({ answer }: { answer: VerifyAnswer }) {
  const { t, i18n } = useTranslation('documents');
  const language = i18n.language;
  const document = answer.document;
  if (!answer.genuine || !document) {
    return (
      <div className="notice notice--error verify-result" role="alert" data-result="forged">
        <p>{t('verify.notGenuine')}</p>
      </div>
    );
  }
  const period = [document.dates.from, document.dates.to].filter((value): value is string => value !== null).map((value) => formatDate(value.slice(0, 10), language));
  return (
    <div className={`verify-result ${answer.revoked ? 'verify-result--revoked' : 'verify-result--genuine'}`} data-result={answer.revoked ? 'revoked' : 'genuine'}>
      <p className={`notice ${answer.revoked ? 'notice--error' : 'notice--success'}`} role="status">
        {answer.revoked ? t('verify.revoked') : t('verify.genuine')}
      </p>
      <dl className="verify-facts">
        <Fact label={t('verify.kind')}>{t(`verify.kinds.${document.kind}`)}</Fact>
        <Fact label={t('verify.state')}>
          <strong>{t(`verify.states.${document.state}`)}</strong>
        </Fact>
        <Fact label={t('verify.reference')}>{document.reference}</Fact>
        <Fact label={t('verify.product')}>{document.kind === 'receipt' ? t(`verify.purposes.${document.title}`, { defaultValue: document.title }) : document.title}</Fact>
        <Fact label={t('verify.name')}>{document.name}</Fact>
        {document.amount !== null ? <Fact label={t('verify.amount')}>{formatMoney(document.amount, language)}</Fact> : null}
        {period.length > 0 ? <Fact label={t('verify.period')}>{period.join(' – ')}</Fact> : null}
        {answer.issued_at ? <Fact label={t('verify.issued')}>{formatDate(answer.issued_at.slice(0, 10), language)}</Fact> : null}
        <Fact label={t('verify.code')}>
          <code>{answer.code}</code>
        </Fact>
      </dl>
    </div>
  );
}

export default function DocumentVerifyPage() {
  const { t, i18n } = useTranslation('documents');
  const { code = '' } = useParams<{ code: string }>();
  const load = useCallback(() => verifyDocument(code), [code]);
  const result = useResource(load, `${code}|${i18n.language}`);
  const [typed, setTyped] = useState('');
  const next = typed.trim();
  return (
    <div className="verify-page container" aria-busy={result.status === 'loading'}>
      <h1>{t('verify.title')}</h1>
      <p className="verify-page__lead">{t('verify.lead')}</p>
      {result.status === 'loading' && !result.data ? <Spinner label={t('verify.loading')} /> : null}
      {result.status === 'failed' ? (
        <RetryNotice text={t('verify.failed')} error={result.error} onRetry={result.retry} retryLabel={t('common:actions.retry')} />
      ) : null}
      {result.data ? <Answer answer={result.data} /> : null}
      <section className="verify-page__another" aria-labelledby="verify-another">
        <h2 id="verify-another">{t('verify.another')}</h2>
        <div className="verify-page__form">
          <TextField label={t('verify.codeLabel')} value={typed} onChange={setTyped} autoComplete="off" />
          {next ? <ButtonLink href={routePaths.documentVerify.build({ code: next })}>{t('verify.check')}</ButtonLink> : null}
        </div>
      </section>
    </div>
  );
}
