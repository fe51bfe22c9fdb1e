/** Step 1: search the hospitals that take Credit Med and choose one. */
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../shared/notices';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { NAMESPACE, useMoneyMessage } from './card-parts';
import { BackToDashboard, type StepProps } from './pre-claim-parts';

export function HospitalStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const translate = useMoneyMessage();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'hospital.search' });
  };
  return (
    <>
      <form className="cmc-search" onSubmit={submit} noValidate role="search">
        <TextField
          label={t('preClaim.search')}
          name="hospital"
          value={view.query}
          onChange={(value) => actor.send({ type: 'hospital.query', value })}
          autoComplete="off"
        />
        <Button type="submit" isBusy={view.isSearching}>
          {view.isSearching ? t('preClaim.searching') : t('preClaim.searchButton')}
        </Button>
      </form>
      <ErrorNotice message={view.error} translate={translate} />
      {view.hospitals && view.hospitals.length > 0 ? (
        <>
          <h2 className="cmc-steps">{t('preClaim.results')}</h2>
          <ul className="cmc-hospitals" data-testid="hospital-results">
            {view.hospitals.map((hospital) => (
              <li key={hospital.id} className="cmc-hospitals__item">
                <div>
                  <p className="cmc-hospitals__name">{hospital.name}</p>
                  <p className="cmc-hospitals__address">{hospital.address}</p>
                </div>
                <Button variant="secondary" onPress={() => actor.send({ type: 'hospital.select', id: hospital.id })} aria-label={`${t('preClaim.choose')}: ${hospital.name}`}>
                  {t('preClaim.choose')}
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="cmc-actions">
        <BackToDashboard />
      </div>
    </>
  );
}
