/**
 * The resumable upload store at /api/uploads/ (tus 1.0: creation, creation-with-upload, HEAD, PATCH,
 * termination) with `@tus/server` on web-standard Request/Response (`handleWeb`), plus
 * `GET /api/uploads/:id/content` for the owner. docs/api.md "Uploads" is the contract.
 *
 * - Owner: resolved from the request's credential (owners.ts) before tus sees the request; no owner →
 *   401, another owner's or an unknown upload → 404 (the same answer, so ids cannot be probed).
 * - Size: `Upload-Length` must be given and within the kind's limit (413 `upload.tooLarge`); tus's
 *   stream limiter then stops a body at the announced length as the bytes arrive, nothing buffered.
 * - Type: the first bytes are judged while they stream through (store.ts `HeadCheck`); content of a
 *   wrong type → 415 `upload.badType`, and the upload is deleted.
 */
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import { Server, type DataStore, type Upload } from '@tus/server';
import {
  isAccepted,
  OPEN_UPLOAD_BYTES_MAX,
  OPEN_UPLOADS_MAX,
  SNIFF_BYTES,
  sniffMime,
  UPLOAD_KINDS,
  uploadErrorMessage,
  uploadLimitBytes,
  uploadMetadataSchema,
  UPLOADS_PATH,
  type UploadErrorBody,
  type UploadErrorCode,
  type UploadKind,
} from '../../contract/upload.schema';
import { errorKeys } from '../../contract/error.schema';
import { toFieldErrors } from '../../contract/validation';
import type { Db } from '../db/db';
import type { AppEnv } from '../http/env';
import { errorBody } from '../http/errors';
import { resolveUploadOwner } from './owners';
import { dbLocker } from './db-locker';
import { HeadCheck, type UploadDataStore } from './store';
import { deleteUploadRow, findUpload, insertUploadWithin, markUploadComplete, setUploadMime } from './uploads.repo';

export interface UploadRoutesOptions {
  db: Db;
  secret: string;
  /** The data store, or a function giving it on first use (test apps that never upload create none). */
  store: UploadDataStore | (() => UploadDataStore);
  /** Origins allowed to upload from another host (CORS_ORIGINS). */
  corsOrigins?: readonly string[];
  /** How many open (unattached) uploads, and bytes reserved in them, one owner may hold. */
  openLimits?: { count: number; bytes: number };
}

const MAX_LIMIT = Math.max(...UPLOAD_KINDS.map(uploadLimitBytes));

/** The kind an Upload-Metadata header names (`kind <base64>`), if it names a known one. */
const kindOfMetadata = (header: string | null): UploadKind | null => {
  for (const pair of (header ?? '').split(',')) {
    const [key, value = ''] = pair.trim().split(' ');
    if (key !== 'kind') continue;
    const kind = Buffer.from(value, 'base64').toString('utf8');
    return (UPLOAD_KINDS as readonly string[]).includes(kind) ? (kind as UploadKind) : null;
  }
  return null;
};
const ID_RE = /^[A-Za-z0-9_-]{16,64}$/;

/** A refusal as tus's hooks throw it: a status and a JSON body. */
class TusRefusal extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

const uploadError = (code: UploadErrorCode, kind: UploadKind): UploadErrorBody => ({
  message: uploadErrorMessage(code, kind),
  code: `upload.${code}`,
});

const refusal = (status: number, body: unknown) => new TusRefusal(status, JSON.stringify(body));

/** The code of a tus answer's status, for answers that do not carry our JSON body yet. */
const codeOfStatus = (status: number): UploadErrorCode =>
  status === 413 ? 'tooLarge' : status === 415 ? 'badType' : status === 404 || status === 410 ? 'notFound' : status === 401 ? 'unauthorized' : 'refused';

/**
 * Every error of the store leaves as JSON (`{ message, code }`), keeping tus's status and headers;
 * HEAD answers keep no body.
 */
const asJsonError = async (response: Response, method: string, kind: UploadKind): Promise<Response> => {
  if (response.status < 400) return response;
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  if (method === 'HEAD') return new Response(null, { status: response.status, headers });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || !('message' in body)) {
    const code = codeOfStatus(response.status);
    body = { ...uploadError(code, kind), ...(code === 'refused' ? { detail: text.trim().slice(0, 200) } : {}) };
  }
  headers.set('Content-Type', 'application/json; charset=UTF-8');
  return new Response(JSON.stringify(body), { status: response.status, headers });
};

/** Resolves once a stream has bytes to read (true) or failed before any (false). */
const firstBytesReadable = (stream: Readable): Promise<boolean> =>
  new Promise((resolve) => {
    const done = (ok: boolean) => {
      stream.off('readable', onReadable);
      stream.off('error', onError);
      resolve(ok);
    };
    const onReadable = () => done(true);
    const onError = () => done(false);
    stream.once('readable', onReadable);
    stream.once('error', onError);
  });

/** tus's store with the content check in front of writes that start at offset 0. */
const withContentCheck = (store: UploadDataStore, db: Db): DataStore => {
  const checked = Object.create(store) as UploadDataStore;
  checked.write = async (readable, id, offset) => {
    if (offset > 0) return store.write(readable, id, offset);
    const row = await findUpload(db, id);
    if (!row) throw new TusRefusal(404, JSON.stringify(uploadError('notFound', 'image')));
    let refused = false;
    const check = new HeadCheck(Math.min(SNIFF_BYTES, row.size), async (head) => {
      const mime = sniffMime(head);
      if (!isAccepted(row.kind, mime)) {
        refused = true;
        return new Error('upload.badType');
      }
      await setUploadMime(db, id, mime);
      return null;
    });
    readable.on('error', (error) => check.destroy(error));
    readable.pipe(check);
    try {
      return await store.write(check, id, offset);
    } catch (error) {
      if (!refused) throw error;
      await store.remove(id).catch(() => {});
      await deleteUploadRow(db, id);
      throw refusal(415, uploadError('badType', row.kind));
    }
  };
  return checked;
};

export const uploadRoutes = ({ db, secret, store, corsOrigins = [], openLimits = { count: OPEN_UPLOADS_MAX, bytes: OPEN_UPLOAD_BYTES_MAX } }: UploadRoutesOptions) => {
  const app = new Hono<AppEnv>();
  /** The owner of each request tus is handling (hooks get the same Request object). */
  const owners = new WeakMap<Request, string>();
  /**
   * The upload id each request was authorised for. tus acts on this id and nothing else: left to
   * itself it would take the last `/` segment of the whole URL, query string included
   * (`/api/uploads/<own id>?x=/<another's id>`).
   */
  const authorisedIds = new WeakMap<Request, string>();
  let started: { tus: Server; store: UploadDataStore } | undefined;

  const server = () => {
    if (started) return started;
    const data = typeof store === 'function' ? store() : store;
    const tus = new Server({
      path: UPLOADS_PATH,
      datastore: withContentCheck(data, db),
      // Shared by the replicas: advisory locks on PostgreSQL (MemoryLocker on PGlite).
      locker: dbLocker(db),
      relativeLocation: true,
      // At creation the kind's own limit (so tus's 413 names it); for later requests the upload's
      // announced length already bounds every body.
      maxSize: (req: Request) => {
        const kind = kindOfMetadata(req.headers.get('upload-metadata'));
        return kind ? uploadLimitBytes(kind) : MAX_LIMIT;
      },
      allowedOrigins: (origin) => corsOrigins.includes(origin),
      allowedHeaders: ['Authorization', 'X-Draft-Token', 'Accept-Language'],
      // Only the id the route checked the owner of; a request that was not authorised names none (404).
      getFileIdFromRequest: (req: Request) => authorisedIds.get(req),
      disableTerminationForFinishedUploads: false,
      onUploadCreate: async (req: Request, upload: Upload) => {
        const owner = owners.get(req);
        if (!owner) throw refusal(401, errorBody(errorKeys.unauthorized));
        const parsed = uploadMetadataSchema.safeParse(upload.metadata ?? {});
        if (!parsed.success) throw refusal(400, errorBody(errorKeys.invalidRequest, toFieldErrors(parsed.error)));
        const { kind, filename = '' } = parsed.data;
        // The length must be known up front: it is checked against the limit before a byte is taken.
        if (upload.size === undefined) throw refusal(400, errorBody(errorKeys.invalidRequest, { 'Upload-Length': { key: 'validation.fieldRequired' } }));
        if (upload.size > uploadLimitBytes(kind)) throw refusal(413, uploadError('tooLarge', kind));
        if (upload.size === 0) throw refusal(400, uploadError('empty', kind));
        if (!(await insertUploadWithin(db, { id: upload.id, owner, kind, filename, size: upload.size }, openLimits))) {
          throw refusal(429, uploadError('tooMany', kind));
        }
        return {};
      },
      onUploadFinish: async (_req: Request, upload: Upload) => {
        await markUploadComplete(db, upload.id);
        return {};
      },
    });
    started = { tus, store: data };
    return started;
  };

  /** The request's owner, or a 401 answer. */
  const ownerOf = (c: Context) => resolveUploadOwner(c, { db, secret });

  const unauthorized = (c: Context) =>
    c.req.method === 'HEAD'
      ? new Response(null, { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Tus-Resumable': '1.0.0' } })
      : c.json(errorBody(errorKeys.unauthorized), 401, { 'WWW-Authenticate': 'Bearer', 'Tus-Resumable': '1.0.0' });

  const notFound = (c: Context) =>
    c.req.method === 'HEAD' ? new Response(null, { status: 404, headers: { 'Tus-Resumable': '1.0.0' } }) : c.json(uploadError('notFound', 'image'), 404);

  /**
   * Gives the request to tus. A request about one upload is rebuilt on exactly `/api/uploads/<id>`
   * of the id that was authorised (no query, no other path), and tus reads the id from that alone.
   */
  const handOver = async (c: Context, owner: string | null, kind: UploadKind = 'image', id?: string) => {
    const raw = c.req.raw;
    const request =
      id === undefined
        ? raw
        : new Request(new URL(`${UPLOADS_PATH}/${id}`, raw.url), {
            method: raw.method,
            headers: raw.headers,
            body: raw.body,
            signal: raw.signal,
            ...(raw.body ? { duplex: 'half' } : {}),
          } as RequestInit);
    if (owner) owners.set(request, owner);
    if (id !== undefined) authorisedIds.set(request, id);
    return asJsonError(await server().tus.handleWeb(request), request.method, kind);
  };

  const sealed = (c: Context, kind: UploadKind) =>
    c.req.method === 'HEAD' ? new Response(null, { status: 403, headers: { 'Tus-Resumable': '1.0.0' } }) : c.json(uploadError('sealed', kind), 403, { 'Tus-Resumable': '1.0.0' });

  // Creation (and creation-with-upload).
  app.post('/uploads/', async (c) => {
    const owner = await ownerOf(c);
    if (!owner) return unauthorized(c);
    return handOver(c, owner, kindOfMetadata(c.req.header('upload-metadata') ?? null) ?? 'image');
  });

  /** HEAD, PATCH and DELETE of one upload: its owner's only. */
  const ofOwner = async (c: Context) => {
    const id = c.req.param('id') ?? '';
    const owner = await ownerOf(c);
    if (!owner) return unauthorized(c);
    const row = ID_RE.test(id) ? await findUpload(db, id) : undefined;
    if (!row || row.owner !== owner) return notFound(c);
    // Attached to something already sent: readable (HEAD), never changed or deleted.
    if (row.sealed_at && c.req.method !== 'HEAD') return sealed(c, row.kind);
    const response = await handOver(c, owner, row.kind, row.id);
    if (c.req.method === 'DELETE' && response.status === 204) await deleteUploadRow(db, id);
    return response;
  };

  // Hono answers HEAD with the GET route (and drops the body): only HEAD goes to tus here.
  app.get('/uploads/:id', (c) => (c.req.raw.method === 'HEAD' ? ofOwner(c) : notFound(c)));
  app.patch('/uploads/:id', ofOwner);
  app.delete('/uploads/:id', ofOwner);
  app.options('/uploads/*', (c) => handOver(c, null));

  // The finished file, for its owner only.
  app.get('/uploads/:id/content', async (c) => {
    const id = c.req.param('id');
    const owner = await ownerOf(c);
    if (!owner) return unauthorized(c);
    const row = ID_RE.test(id) ? await findUpload(db, id) : undefined;
    if (!row || row.owner !== owner || !row.completed_at || !row.mime) return notFound(c);
    // The answer starts only once the file's first bytes could be read: a file missing from the store
    // is a 404, not a 200 that breaks off.
    const body = await Promise.resolve()
      .then(() => server().store.read(id))
      .catch(() => null);
    if (!body || !(await firstBytesReadable(body))) {
      body?.destroy();
      return notFound(c);
    }
    return new Response(Readable.toWeb(body) as ReadableStream, {
      headers: {
        'Content-Type': row.mime,
        'Content-Length': String(row.size),
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
        'Content-Disposition': 'inline',
      },
    });
  });

  return app;
};
