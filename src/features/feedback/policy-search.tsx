/** The feedback form's policy choice for a customer with more policies than a page (loaded only for them). */
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../contract/api-error';
import { contractSearchSchema } from '../../../contract/insurance.schema';
import { messages } from '../../../contract/validation';
import { getContracts } from '../../api/contracts.api';
import { useMessage } from '../../platform/messages';
import { ComboBox, type ComboBoxOption, type ComboBoxResult } from '../../ui/combo-box';
import { policyOption } from './policy-option';

/**
 * The policy choice of a customer with more policies than a page: a search by contract number (its
 * beginning, GET /api/contracts/?contract=), the newest page offered before anything is typed.
 */
export default function PolicySearch({
  firstPage,
  selectedKey,
  onSelectionChange,
  fieldError,
}: {
  firstPage: ComboBoxOption[];
  selectedKey: string | null;
  onSelectionChange: (id: string | null) => void;
  fieldError: string | null;
}) {
  const { t } = useTranslation('feedback');
  const translate = useMessage();
  const search = async (text: string): Promise<ComboBoxResult> => {
    if (text === '') return { options: firstPage, note: null };
    const page = await getContracts(null, text);
    return { options: page.contracts.map(policyOption), note: page.next ? t('form.policyMore', { contract: text }) : null };
  };
  const check = (text: string) => {
    const checked = contractSearchSchema.safeParse(text);
    return checked.success ? null : translate({ key: checked.error.issues[0]?.message ?? messages.contractSearch, values: {} });
  };
  return (
    <ComboBox
      label={t('form.policy')}
      description={t('form.policySearchHint')}
      name="policy"
      selectedKey={selectedKey}
      initialOption={firstPage.find((option) => option.id === selectedKey)}
      onSelectionChange={onSelectionChange}
      errorMessage={fieldError}
      search={search}
      check={check}
      loadingText={t('form.policySearching')}
      noMatchText={(contract) => t('form.policyNoMatch', { contract })}
      failedText={(error) => t('form.policySearchFailed', { reason: translate(errorMessage(error)) })}
    />
  );
}
