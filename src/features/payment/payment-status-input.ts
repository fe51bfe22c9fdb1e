/** Which invoice a status route shows, and what the route itself says (provider, the card's return). */
import type { PaymentStatusInput } from '../../../machines/payment-status.machine';
import { KHAN_RETURN_PATHS } from '../../../contract/payment.schema';
import { routePaths, samePath } from '../../../contract/paths';

/** The machine's input for a status route: `?invoice=` names the invoice; the path, the provider. */
export const statusInputOf = (location: string, search: string, applicationKey: string | null): PaymentStatusInput => {
  const invoiceId = new URLSearchParams(search).get('invoice')?.trim() || null;
  const base = { invoiceId, applicationKey, now: Date.now };
  if (samePath(location, KHAN_RETURN_PATHS.success)) return { ...base, provider: 'khan', returned: 'success' };
  if (samePath(location, KHAN_RETURN_PATHS.fail)) return { ...base, provider: 'khan', returned: 'fail' };
  if (samePath(location, routePaths.paymentQpay.pattern)) return { ...base, provider: 'qpay' };
  if (samePath(location, routePaths.paymentMostmoney.pattern)) return { ...base, provider: 'mostmoney' };
  return base;
};
