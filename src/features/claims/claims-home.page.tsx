import { useTranslation } from 'react-i18next';
import { CLAIM_TYPES, REQUIRED_DOCUMENTS } from '../../../contract/claim.schema';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';
import './claims.css';

/** /user/claim: how a claim works (the three stages, the 14-day rule, the documents per type), and the two ways on. */
export default function ClaimsHomePage() {
  const { t } = useTranslation('claims');
  return (
    <div className="claims-page">
      <h1>{t('landing.title')}</h1>
      <p className="claims-page__lead">{t('landing.lead')}</p>
      <div className="claims-actions">
        <ButtonLink href={routePaths.claimCreate.build()}>{t('landing.file')}</ButtonLink>
        <ButtonLink href={routePaths.claimList.build()} variant="secondary">
          {t('landing.mine')}
        </ButtonLink>
      </div>
      <section className="claims-section" aria-labelledby="claims-stages">
        <h2 id="claims-stages">{t('landing.stagesTitle')}</h2>
        <ol>
          <li>{t('landing.stage1')}</li>
          <li>{t('landing.stage2')}</li>
          <li>{t('landing.stage3')}</li>
        </ol>
      </section>
      <section className="claims-section" aria-labelledby="claims-deadline">
        <h2 id="claims-deadline">{t('landing.deadlineTitle')}</h2>
        <p>{t('landing.deadline')}</p>
      </section>
      <section className="claims-section" aria-labelledby="claims-documents">
        <h2 id="claims-documents">{t('landing.documentsTitle')}</h2>
        <p className="claim-hint">{t('landing.documentsLead')}</p>
        {CLAIM_TYPES.map((type) => (
          <div key={type}>
            <h3>{t(`types.${type}`)}</h3>
            <ul>
              {REQUIRED_DOCUMENTS[type].map((document) => (
                <li key={document}>{t(`documents.${document}`)}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
