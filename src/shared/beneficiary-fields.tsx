/**
 * One beneficiary's fields (names, register number, one of SPEC 3's 19 relationships, a whole-percent
 * share) as a pure view: the flow passes the values, its field errors and callbacks. A relationship
 * value outside 1–19 (from an older record) is shown as given. Texts: the `beneficiaries` namespace.
 */
import { useTranslation } from 'react-i18next';
import { RELATIONSHIPS } from '../../contract/insurance.schema';
import { digitsOnly, type FieldErrors, type RegisterParts } from '../../contract/validation';
import { useMessage } from '../platform/messages';
import { Button } from '../ui/button';
import { focusAfterUpdate } from '../ui/focus';
import { RegisterField } from '../ui/register-field';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import './beneficiary-fields.css';

export const BENEFICIARIES_NAMESPACE = 'beneficiaries';

export interface BeneficiaryValues {
  last_name: string;
  first_name: string;
  register: RegisterParts;
  relationship: string;
  share: string;
}
export type BeneficiaryTextField = 'last_name' | 'first_name' | 'relationship' | 'share';

/**
 * After the beneficiary at `index` of the `count` in `form` is removed, the focus (which went with
 * their fields) moves to the first field of the one now in their place, or of the one before when the
 * last was removed: their last name, not their Remove button, which one more Enter would press.
 */
export const focusAfterRemovingBeneficiary = (form: () => ParentNode | null, index: number, count: number) =>
  focusAfterUpdate(() => form()?.querySelectorAll('.beneficiary')[Math.min(index, count - 2)]?.querySelector<HTMLElement>('.beneficiary__row input'));

export interface BeneficiaryFieldsProps {
  beneficiary: BeneficiaryValues;
  index: number;
  /** The flow's field errors, keyed `beneficiaries.<index>.<field>`. */
  errors: FieldErrors;
  isDisabled?: boolean;
  canRemove: boolean;
  onChange: (field: BeneficiaryTextField, value: string) => void;
  onChangeRegister: (value: RegisterParts) => void;
  onRemove: () => void;
  /**
   * Keep the share as typed (spaces aside) and flag one that is not a whole number at once, so "40.5"
   * is not read as 405 (the purchase); without it only digits are kept.
   */
  shareAsTyped?: boolean;
}

export function BeneficiaryFields({ beneficiary, index, errors, isDisabled, canRemove, onChange, onChangeRegister, onRemove, shareAsTyped = false }: BeneficiaryFieldsProps) {
  const { t } = useTranslation(BENEFICIARIES_NAMESPACE);
  const text = useMessage();
  const error = (field: string) => text(errors[`beneficiaries.${index}.${field}`]);
  const number = index + 1;
  const common = { isDisabled, isRequired: true, validationBehavior: 'aria' as const };
  const known = Object.entries(RELATIONSHIPS).map(([id, name]) => ({ id, label: t(`relationships.${name}`) }));
  const relationships =
    beneficiary.relationship && !known.some((item) => item.id === beneficiary.relationship)
      ? [...known, { id: beneficiary.relationship, label: beneficiary.relationship }]
      : known;
  return (
    <fieldset className="beneficiary">
      <legend className="beneficiary__legend">{t('beneficiary', { number })}</legend>
      {canRemove ? (
        <Button variant="ghost" className="beneficiary__remove" aria-label={t('removeFor', { number })} onPress={onRemove} isDisabled={isDisabled}>
          {t('remove')}
        </Button>
      ) : null}
      <div className="beneficiary__row">
        <TextField {...common} label={t('lastName')} value={beneficiary.last_name} onChange={(value) => onChange('last_name', value)} errorMessage={error('last_name')} />
        <TextField {...common} label={t('firstName')} value={beneficiary.first_name} onChange={(value) => onChange('first_name', value)} errorMessage={error('first_name')} />
      </div>
      <RegisterField label={t('register')} value={beneficiary.register} onChange={onChangeRegister} errorMessage={error('register')} isRequired isDisabled={isDisabled} />
      <div className="beneficiary__row beneficiary__row--share">
        <Select
          label={t('relationship')}
          items={relationships}
          selectedKey={beneficiary.relationship || null}
          onSelectionChange={(value) => onChange('relationship', value ?? '')}
          errorMessage={error('relationship')}
          isRequired
          isDisabled={isDisabled}
        />
        <TextField
          {...common}
          label={t('share')}
          inputMode="numeric"
          value={beneficiary.share}
          onChange={(value) => onChange('share', shareAsTyped ? value.replace(/\s/g, '').slice(0, 6) : digitsOnly(value, 3))}
          errorMessage={/^\d*$/.test(beneficiary.share) ? error('share') : t('shareWhole')}
          className="beneficiary__share"
        />
      </div>
    </fieldset>
  );
}
