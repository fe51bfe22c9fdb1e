/**
 * The notifications area: a user's notifications, their live stream and retention. This module is what the
 * rest of the server may use of it: other areas (those below it in eslint/boundaries.js's SERVER_AREAS
 * only), the composition (server/app.ts, server/start.ts, server/setup/) and the server's platform (types
 * only) import the area from here and from nowhere else (`boundaries/server-areas`). Inside the area,
 * files import each other directly.
 */
export { notifyPolicyIssued } from './events';
export { notificationRoutes, type NotificationOptions } from './notifications.routes';
export { notify } from './notify';
export { startNotificationPruner } from './retention';
