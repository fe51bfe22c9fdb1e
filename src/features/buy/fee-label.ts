/**
 * The label of a fee per payment, keyed by how often it is paid: an insurer says "Төлөх хураамж (сар
 * бүр)" for a monthly fee; "Нэг удаагийн хураамж" (one-time fee) is right only for a single premium.
 * Before a frequency is chosen, the neutral "Төлөх хураамж" (fee to pay).
 */
import { FEE_FREQUENCIES, type FeeFrequency } from '../../../contract/insurance.schema';

const isFrequency = (value: string | null | undefined): value is FeeFrequency => (FEE_FREQUENCIES as readonly string[]).includes(value ?? '');

/** The `buy` namespace key of the fee label for `frequency` (one of `plan.feeBy.*`, or `plan.fee`). */
export const feeLabelKey = (frequency: string | null | undefined): string => (isFrequency(frequency) ? `plan.feeBy.${frequency}` : 'plan.fee');
