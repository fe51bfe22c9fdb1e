/** Pasted numbers and the purchase's contract step: nothing the user entered is silently cut or hidden. */
import { describe, expect, it } from 'vitest';
import { contractErrors, emptyBeneficiary, type ContractForm } from '../../machines/buy-insurance.forms';
import { normalizePastedDigits, PHONE_LENGTH } from '../../contract/validation';

describe('a pasted phone number', () => {
  const phone = (pasted: string) => normalizePastedDigits(pasted, PHONE_LENGTH, { countryCode: true });

  it('loses its spaces, separators and the country code', () => {
    expect(phone('+976 9911 2233')).toBe('99112233');
    expect(phone('976 99112233')).toBe('99112233');
    expect(phone('00976-9911-2233')).toBe('99112233');
    expect(phone(' 9911-2233 ')).toBe('99112233');
    expect(phone('(9911) 22.33')).toBe('99112233');
  });

  it('is refused (null), not cut, when it cannot be a phone number', () => {
    expect(phone('+976 9911 22334')).toBeNull();
    expect(phone('991122334')).toBeNull();
    expect(phone('+1 555 0100')).toBeNull();
    expect(phone('call me')).toBeNull();
  });

  it('keeps a partial number (the rest is typed after)', () => {
    expect(phone('9911')).toBe('9911');
  });
});

describe('a pasted code or register digits (no country code)', () => {
  it('is trimmed before its length is checked', () => {
    expect(normalizePastedDigits(' 316959 ', 6)).toBe('316959');
    expect(normalizePastedDigits('976123', 6)).toBe('976123');
    expect(normalizePastedDigits('3169590', 6)).toBeNull();
  });
});

describe('the contract step', () => {
  const beneficiary = { ...emptyBeneficiary('60'), last_name: 'Ганболд', first_name: 'Болормаа', register: { first: 'Ч', second: 'Д', number: '62081347' }, relationship: '4' };

  it('flags every wrong field at once: the shares total with the missing consent', () => {
    const form: ContractForm = { beneficiaries: [beneficiary], consent: false };
    const errors = contractErrors(form);
    expect(errors.consent?.key).toBe('validation.consentRequired');
    expect(errors.beneficiaries?.key).toBe('validation.sharesTotal');
  });

  it('flags the total also when a beneficiary has other errors', () => {
    const form: ContractForm = { beneficiaries: [{ ...beneficiary, first_name: '' }, emptyBeneficiary('20')], consent: false };
    const errors = contractErrors(form);
    expect(errors.beneficiaries?.key).toBe('validation.sharesTotal');
    expect(errors['beneficiaries.0.first_name']).toBeDefined();
    expect(errors['beneficiaries.1.register']).toBeDefined();
    expect(errors.consent).toBeDefined();
  });

  it('still passes a complete form', () => {
    expect(contractErrors({ beneficiaries: [{ ...beneficiary, share: '100' }], consent: true })).toEqual({});
  });
});
