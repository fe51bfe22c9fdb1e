/**
 * The auth area: users, passwords, tokens and the signed-in user of a request. This module is what the
 * rest of the server may use of it: other areas (those below it in eslint/boundaries.js's SERVER_AREAS
 * only), the composition (server/app.ts, server/start.ts, server/setup/) and the server's platform (types
 * only) import the area from here and from nowhere else (`boundaries/server-areas`). Inside the area,
 * files import each other directly.
 */
export { authRoutes } from './auth.routes';
export { createLoginThrottle, DEFAULT_THROTTLE, type LoginThrottle, type ThrottleOptions } from './login-throttle';
export { hashPassword, verifyPassword } from './password';
export { requireUser, userOfToken } from './require-user';
export { issueToken } from './token';
export { forgetUser } from './user-cache';
export { findUserByEmail, insertUser, type UserRow } from './users.repo';
