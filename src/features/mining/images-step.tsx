/** Step 4: the identity card's two sides and a selfie, uploaded with the draft's token. */
import { useCallback, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAFT_TOKEN_HEADER, type ImageSlot, type UploadedFile } from '../../../contract/mining.schema';
import { routePaths } from '../../../contract/paths';
import { ImageSlots } from '../../shared/upload/image-slots';
import { StepActions } from '../../shared/wizard/step-actions';
import { StepFrame } from '../../shared/wizard/step-frame';
import { NAMESPACE, StepError, type StepProps } from './mining-parts';

export function ImagesStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'images.submit' });
  };
  const change = useCallback(
    (slot: ImageSlot, file: UploadedFile | null) => actor.send(file ? { type: 'image.uploaded', slot, file } : { type: 'image.removed', slot }),
    [actor],
  );
  // The token does not change while the step is shown (a new draft means a new visit of the step).
  const { token } = view;
  const headers = useCallback((): Record<string, string> => (token ? { [DRAFT_TOKEN_HEADER]: token } : {}), [token]);
  return (
    <StepFrame title={t('images.title')} lead={t('images.lead')} notice={<StepError message={view.error} />}>
      <form onSubmit={submit} noValidate>
        <h2 className="ot-section__title">{t('images.list')}</h2>
        <ImageSlots labelOf={(slot) => t(`images.${slot}`)} images={view} errors={view.errors} headers={headers} onChange={change} />
        <StepActions back={{ href: routePaths.otRegisterBeneficiaries.build(), label: t('back') }} busy={view.isBusy} next={view.isBusy ? t('images.submitting') : t('images.submit')} />
      </form>
    </StepFrame>
  );
}
