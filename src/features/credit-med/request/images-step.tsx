/** Step 3: the identity card's two sides and a selfie, uploaded with the user's credential. */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { CmImageSlot } from '../../../../contract/credit-med-request.schema';
import type { UploadedFile } from '../../../../contract/upload.schema';
import { bearerHeaders } from '../../../api/client';
import { ImageSlots } from '../../../shared/upload/image-slots';
import { StepActions } from '../../../shared/wizard/step-actions';
import { StepFrame } from '../../../shared/wizard/step-frame';
import { submitWith } from '../../../shared/wizard/submit';
import { backOf, NAMESPACE, type StepProps } from './request-parts';

export function ImagesStep({ actor, view }: StepProps) {
  const { t } = useTranslation(NAMESPACE);
  const change = useCallback(
    (slot: CmImageSlot, file: UploadedFile | null) => actor.send(file ? { type: 'image.uploaded', slot, file } : { type: 'image.removed', slot }),
    [actor],
  );
  return (
    <StepFrame title={t('images.title')} lead={t('images.lead')} error={view.error}>
      <form onSubmit={submitWith(() => actor.send({ type: 'images.submit' }))} noValidate>
        <ImageSlots labelOf={(slot) => t(`images.${slot}`)} images={view.images} errors={view.errors} headers={bearerHeaders} onChange={change} />
        <StepActions back={backOf(actor, t)} busy={view.isBusy} next={view.isBusy ? t('saving') : t('continue')} />
      </form>
    </StepFrame>
  );
}
