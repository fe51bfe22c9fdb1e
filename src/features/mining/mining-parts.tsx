/** What the mining registration's steps share: the namespace, bilingual texts, the step's refusal. */
import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { connectMining, type MiningView } from '../../../machines/mining-registration.connect';
import { errorKeys } from '../../../contract/error.schema';
import type { LocalText } from '../../../contract/mining.schema';
import type { Message } from '../../../contract/validation';
import { ContactHelp } from '../../shared/contact-help';
import { ErrorNotice } from '../../shared/notices';
import type { MiningActor } from './use-mining-flow';

export const NAMESPACE = 'ot';

export type StepProps = { actor: MiningActor; view: MiningView };

export const useView = (actor: MiningActor) => useSelector(actor, connectMining, shallowEqual);

/** A programme text in the page's language. */
export const useLocal = () => {
  const { i18n } = useTranslation();
  return (text: LocalText) => (i18n.language === 'en' ? text.en : text.mn);
};

/** Refusals that end the road get what to do next and whom to call (issue 24). */
const NEXT_STEP: Readonly<Record<string, string>> = {
  [errorKeys.alreadyRegistered]: 'nextStep.alreadyRegistered',
  [errorKeys.rosterNoMatch]: 'nextStep.rosterNoMatch',
};

export function StepError({ message }: { message: Message | null }) {
  const { t } = useTranslation(NAMESPACE);
  const next = message ? NEXT_STEP[message.key] : undefined;
  return (
    <>
      <ErrorNotice message={message} />
      {next ? (
        <div className="ot-next-step">
          <p>{t(next)}</p>
          <ContactHelp />
        </div>
      ) : null}
    </>
  );
}
