/**
 * The account area: registration, recovery, verification codes and SMS, settings. This module is what the
 * rest of the server may use of it: other areas (those below it in eslint/boundaries.js's SERVER_AREAS
 * only), the composition (server/app.ts, server/start.ts, server/setup/) and the server's platform (types
 * only) import the area from here and from nowhere else (`boundaries/server-areas`). Inside the area,
 * files import each other directly.
 */
export { accountRoutes, type AccountOptions } from './account.routes';
export { isUniqueViolation } from './accounts.repo';
export { DEMO_POLICYHOLDERS, policyholderContractNumber, seedAccounts } from './seed';
export { smsTexts } from './sms-texts';
export { createOutboxSender } from './sms';
export { createVerifications, DEFAULT_CODE_OPTIONS, verificationGone, type Verifications } from './verifications';
