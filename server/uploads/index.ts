/**
 * The uploads area: the resumable upload store (tus) and what each owner keeps. This module is what the
 * rest of the server may use of it: other areas (those below it in eslint/boundaries.js's SERVER_AREAS
 * only), the composition (server/app.ts, server/start.ts, server/setup/) and the server's platform (types
 * only) import the area from here and from nowhere else (`boundaries/server-areas`). Inside the area,
 * files import each other directly.
 */
export { registerUploadOwnerResolver, type UploadOwnerResolver } from './owners';
export { fileUploadStore, temporaryUploadStore, uploadStoreFromEnv, type UploadDataStore } from './store';
export { startUploadSweeper } from './sweeper';
export { claimUploads, deleteUploadsOf, sealUploads } from './uploads.repo';
export { uploadRoutes } from './uploads.routes';
