/** Every link is built here, never from string literals in views (SPEC section 2). */
export const paths = {
  home: () => '/',
  fee: () => '/#fee',
  insuranceList: () => '/insurance/',
  insuranceDetail: (id: number | string) => `/insurance/detail/${id}/`,
  /** "Buy" on a product page: the wizard starts a purchase (or offers an earlier draft) and replaces this with the draft's own URL. */
  buyNew: (productId: number | string) => `/insurance/buy/new/${productId}/`,
  buy: (id: number | string, productId: number | string) => `/insurance/buy/${id}/${productId}/`,
  buyProduct: (id: number | string, productId: number | string) => `/insurance/buy/${id}/${productId}/product/`,
  buyContract: (id: number | string, productId: number | string) => `/insurance/buy/${id}/${productId}/contract/`,
  buyPayment: () => '/insurance/buy/payment/',
  paymentStatus: () => '/insurance/buy/payment/status/',
  /** "Try again" after a failed payment: the wizard's payment step, with the provider to use again. */
  buyPaymentAgain: (provider: string) => `/insurance/buy/payment/?provider=${encodeURIComponent(provider)}`,
  /** The status page of an invoice: the QR or mobile-money page, or the generic one. */
  invoiceStatus: (invoiceId: string, provider?: 'qpay' | 'mostmoney') =>
    `/insurance/buy/payment/status/${provider ? `${provider}/` : ''}?invoice=${encodeURIComponent(invoiceId)}`,
  /** The login page that returns to `next` afterwards. */
  loginThen: (next: string) => `/login?next=${encodeURIComponent(next)}`,
  ot: () => '/ot/',
  otRegister: () => '/ot/register',
  login: () => '/login',
  register: () => '/login/register',
  registerConfirm: () => '/login/register/confirm',
  forgotUsername: () => '/login/forgot-username',
  forgotPassword: () => '/login/forgot-password',
  logout: () => '/logout',
  user: () => '/user',
  contracts: () => '/user/contract',
  contract: (id: number | string) => `/user/contract/${id}`,
  feePayment: () => '/user/fee-payment',
  claim: () => '/user/claim',
  claimList: () => '/user/claim/list',
  claimCreate: () => '/user/claim/create',
  feedback: () => '/user/feedback',
  notifications: () => '/user/notifications',
  settings: () => '/user/settings',
  creditMed: () => '/credit-med',
} as const;
