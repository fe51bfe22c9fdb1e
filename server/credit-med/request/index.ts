/**
 * The credit-med/request area: the Credit Med request (the advance-claim application). This module is what
 * the rest of the server may use of it: other areas (those below it in eslint/boundaries.js's SERVER_AREAS
 * only), the composition (server/app.ts, server/start.ts, server/setup/) and the server's platform (types
 * only) import the area from here and from nowhere else (`boundaries/server-areas`). Inside the area,
 * files import each other directly.
 */
export { creditMedRequestRoutes } from './request.routes';
export { seedCreditMedRequests } from './seed';
