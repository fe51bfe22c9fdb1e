/**
 * The insurance area: products, quotes, the purchase (applications) and the policies it makes, with their
 * fee schedules. This module is what the rest of the server may use of it: other areas (those below it in
 * eslint/boundaries.js's SERVER_AREAS only), the composition (server/app.ts, server/start.ts,
 * server/setup/) and the server's platform (types only) import the area from here and from nowhere else
 * (`boundaries/server-areas`). Inside the area, files import each other directly.
 */
export { applicationClosed, applicationIncomplete } from './application-errors';
export { expireApplicationInvoices, lockApplication, readApplication, replaceOpenInvoices, type ApplicationRow } from './applications.repo';
export { insuranceRoutes, type InsuranceDeps } from './insurance.routes';
export { isUuid, mayAccess, optionalUser, type MaybeUserEnv } from './owner';
export { contractNumberLike, contractPrefixPattern, createPolicy, fullName, VISIBLE_POLICY, visibleParams, visiblePolicyPageIds } from './policies.repo';
export { savingsGrowth } from './savings';
export { addDays, feeSchedule, wholeYears } from './schedule';
export { seedPolicyHistory, syncInsurance } from './seed';
