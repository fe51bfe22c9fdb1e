/** Which invoice a status route shows, and what the route itself says (provider, the card's return). */
import type { PaymentStatusInput } from '../../../machines/payment-status.machine';
import { KHAN_RETURN_PATHS } from '../../api/payment.schema';
import { samePath } from '../../flows/route-states';

const STATUS_BASE = '/insurance/buy/payment/status/';

/** The machine's input for a status route: `?invoice=` names the invoice; the path, the provider. */
export const statusInputOf = (location: string, search: string, applicationKey: string | null): PaymentStatusInput => {
  const invoiceId = new URLSearchParams(search).get('invoice')?.trim() || null;
  const base = { invoiceId, applicationKey };
  if (samePath(location, KHAN_RETURN_PATHS.success)) return { ...base, provider: 'khan', returned: 'success' };
  if (samePath(location, KHAN_RETURN_PATHS.fail)) return { ...base, provider: 'khan', returned: 'fail' };
  if (samePath(location, `${STATUS_BASE}qpay/`)) return { ...base, provider: 'qpay' };
  if (samePath(location, `${STATUS_BASE}mostmoney/`)) return { ...base, provider: 'mostmoney' };
  return base;
};
