import type { ContractListItem } from '../../../contract/insurance.schema';

/** A policy as the feedback form's choice lists it ("LI-2023-000184 · Life insurance"); once chosen in the search, the field shows its contract number. */
export const policyOption = (contract: ContractListItem) => ({
  id: String(contract.id),
  label: `${contract.contract_number} · ${contract.product_name}`,
  text: contract.contract_number,
});
