/**
 * Every path of SPEC section 2, declared once as a named pattern. The route table (src/app/routes.ts),
 * every link (`routePaths.<route>.build(params, query)`, in views, machines and the server alike), the
 * machines' `meta.path` and the URL sync all read these;
 * `compilePattern` is the one matcher (wouter is given it as its parser).
 *
 * A pattern's `:name` segments are its parameters; a trailing slash is optional when matching.
 */

/** The parameter names of a pattern: '/user/contract/:id/payment/:invoiceId' → 'id' | 'invoiceId'. */
export type ParamsOf<S extends string> = S extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamsOf<`/${Rest}`>
  : S extends `${string}:${infer P}`
    ? P
    : never;

export type PathParams<S extends string> = { [K in ParamsOf<S>]: string | number };

export interface PathPattern<S extends string = string> {
  readonly pattern: S;
  /** The path with its parameters filled (encoded) and an optional query; missing values throw. */
  build(...args: ParamsOf<S> extends never ? [params?: Record<string, never>, query?: Query] : [params: PathParams<S>, query?: Query]): string;
  /** The decoded parameters when `pathname` is this path (trailing slash optional), else null. */
  match(pathname: string): Record<ParamsOf<S>, string> | null;
}

export type Query = Record<string, string | number | null | undefined>;

const compiled = new Map<string, { pattern: RegExp; keys: string[] }>();

/** The regular expression and parameter names of a pattern; wouter's `parser` signature. */
export const compilePattern = (pattern: string): { pattern: RegExp; keys: string[] } => {
  let entry = compiled.get(pattern);
  if (!entry) {
    const keys: string[] = [];
    const body = pattern
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    entry = { pattern: new RegExp(`^${body}/?$`, 'i'), keys };
    compiled.set(pattern, entry);
  }
  return entry;
};

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The decoded parameters of `pathname` under `pattern`, or null when it is another path. */
export const matchPattern = (pattern: string, pathname: string): Record<string, string> | null => {
  const { pattern: regexp, keys } = compilePattern(pattern);
  const found = regexp.exec(pathname);
  if (!found) return null;
  return Object.fromEntries(keys.map((key, index) => [key, decode(found[index + 1] ?? '')]));
};

const queryString = (query: Query | undefined) => {
  const entries = Object.entries(query ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null && entry[1] !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([key, value]) => [key, String(value)])).toString()}` : '';
};

/** Fills `:name` segments; null when a value is missing (a step whose ids are not known yet). */
export const fillPattern = (pattern: string, params: Record<string, string | number | null | undefined>): string | null => {
  let complete = true;
  const path = pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') complete = false;
    return encodeURIComponent(String(value ?? ''));
  });
  return complete ? path : null;
};

const path = <S extends string>(pattern: S): PathPattern<S> => ({
  pattern,
  build: ((params: Record<string, string | number> = {}, query?: Query) => {
    const filled = fillPattern(pattern, params);
    if (filled === null) throw new Error(`${pattern}: a parameter is missing`);
    return `${filled}${queryString(query)}`;
  }) as PathPattern<S>['build'],
  match: (pathname) => matchPattern(pattern, pathname) as Record<ParamsOf<S>, string> | null,
});

/** SPEC section 2, by name. Order matters only in src/app/routes.ts (first match wins). */
export const routePaths = {
  home: path('/'),
  insuranceList: path('/insurance/'),
  insuranceDetail: path('/insurance/detail/:id/'),
  /** Issue 23: anyone checks a document's verification code (the QR code on every PDF leads here). */
  documentVerify: path('/verify/:code/'),
  /** "Buy" on a product page: the wizard starts a purchase (or offers a draft) and replaces this with the draft's own URL. */
  buyNew: path('/insurance/buy/new/:productId/'),
  buyInsured: path('/insurance/buy/:id/:productId/'),
  buyProduct: path('/insurance/buy/:id/:productId/product/'),
  buyContract: path('/insurance/buy/:id/:productId/contract/'),
  buyPayment: path('/insurance/buy/payment/'),
  paymentStatus: path('/insurance/buy/payment/status/'),
  paymentKhanSuccess: path('/insurance/buy/payment/status/khan/success/'),
  paymentKhanFail: path('/insurance/buy/payment/status/khan/fail/'),
  paymentQpay: path('/insurance/buy/payment/status/qpay/'),
  paymentMostmoney: path('/insurance/buy/payment/status/mostmoney/'),

  ot: path('/ot/'),
  otRegister: path('/ot/register'),
  otRegisterConfirm: path('/ot/register/confirm'),
  otRegisterInsurer: path('/ot/register/insurer'),
  otRegisterBeneficiaries: path('/ot/register/beneficiaries'),
  otRegisterImages: path('/ot/register/images'),
  otRegisterResult: path('/ot/register/result'),

  fee: path('/fee'),
  feePayment: path('/fee/payment'),
  feeCheck: path('/fee/check'),
  feeStatus: path('/fee/status'),

  login: path('/login'),
  register: path('/login/register'),
  registerConfirm: path('/login/register/confirm'),
  forgotUsername: path('/login/forgot-username'),
  forgotPassword: path('/login/forgot-password'),
  forgotPasswordCode: path('/login/forgot-password/code'),
  forgotPasswordNew: path('/login/forgot-password/new-password'),
  logout: path('/logout'),

  user: path('/user'),
  contracts: path('/user/contract'),
  contract: path('/user/contract/:id'),
  contractInvoice: path('/user/contract/:id/payment/:invoiceId'),
  contractFee: path('/user/contract/:id/fee'),
  feePaymentUser: path('/user/fee-payment'),
  claim: path('/user/claim'),
  claimList: path('/user/claim/list'),
  claimDetail: path('/user/claim/detail/:claimId'),
  claimCreate: path('/user/claim/create'),
  claimCreateFor: path('/user/claim/create/:insuranceId'),
  // The claim wizard's later steps (the SPEC names only the first; docs/decisions.md, "Issue 12").
  claimCreateEvent: path('/user/claim/create/:insuranceId/event'),
  claimCreatePayout: path('/user/claim/create/:insuranceId/payout'),
  claimCreateDocuments: path('/user/claim/create/:insuranceId/documents'),
  claimCreateReview: path('/user/claim/create/:insuranceId/review'),
  feedback: path('/user/feedback'),
  notifications: path('/user/notifications'),
  settings: path('/user/settings'),

  creditMed: path('/credit-med'),
  creditMedRequest: path('/credit-med/request'),
  creditMedRequestContract: path('/credit-med/request/contract/:id'),
  creditMedBuy: path('/credit-med/buy'),
  creditMedBuyStatus: path('/credit-med/buy/status'),
  creditMedPreClaim: path('/credit-med/pre-claim'),
  creditMedPreClaimPayment: path('/credit-med/pre-claim/payment'),
  creditMedRepay: path('/credit-med/pre-claim/repay/:id'),
  creditMedRepayBuy: path('/credit-med/pre-claim/repay/:id/buy'),
  /** A forgotten transaction password: a code to the phone, then a new one (issue 24). */
  creditMedTxPassword: path('/credit-med/tx-password'),
} as const;

export type RouteName = keyof typeof routePaths;

const normalize = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** Whether two paths are the same location, trailing slash aside. */
export const samePath = (a: string, b: string) => normalize(a) === normalize(b);
