/**
 * The resumable upload store (server/uploads/, docs/api.md "Uploads") over real HTTP: tus creation,
 * HEAD, PATCH and termination; resuming after a PATCH cut off half way; the limits and the content
 * check; owners; reading back; claims, deletion and the sweep.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIB, OPEN_UPLOAD_BYTES_MAX, OPEN_UPLOADS_MAX, uploadContentPath } from '../../contract/upload.schema';
import { createTestServer, type TestServer } from '../../server/testing';
import { registerUploadOwnerResolver } from '../../server/uploads/owners';
import { temporaryUploadStore, type UploadDataStore } from '../../server/uploads/store';
import { sweepUploads } from '../../server/uploads/sweeper';
import { claimUploads, deleteUploadsOf, sealUploads } from '../../server/uploads/uploads.repo';
import { tokenFor } from './support/purchase';

const b64 = (value: string) => Buffer.from(value, 'utf8').toString('base64');
const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

/** Bytes that start like a JPEG (SOI + APP0), then noise: what the content check sees of a photo. */
const jpegOf = (size: number) => {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i += 1) bytes[i] = (i * 7919 + 13) % 251;
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]).copy(bytes);
  return bytes;
};
const pngOf = (size: number) => {
  const bytes = jpegOf(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes);
  return bytes;
};

let server: TestServer;
let store: UploadDataStore;
let directory: string;
let http: Server;
let base: string;
let demo: Record<string, string>;
let other: Record<string, string>;

beforeAll(async () => {
  server = await createTestServer();
  ({ store, directory } = temporaryUploadStore());
  const app = server.app({ uploadStore: store });
  http = await new Promise<Server>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started as Server)) as Server;
  });
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  demo = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'demo@example.com')}` };
  other = { Authorization: `Bearer ${await tokenFor(server.db, server.secret, 'user2@example.com')}` };
  // Migrating and seeding PGlite takes a while on a busy machine.
}, 60_000);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    if (!http) return resolve();
    http.close(() => resolve());
    http.closeAllConnections();
  });
  await server?.close();
  await rm(directory, { recursive: true, force: true });
});

const TUS = { 'Tus-Resumable': '1.0.0' };

const create = async (length: number, fields: Record<string, string>, headers = demo) =>
  fetch(`${base}/api/uploads/`, {
    method: 'POST',
    headers: { ...TUS, ...headers, 'Upload-Length': String(length), 'Upload-Metadata': metadata(fields) },
  });

/** Creates an upload and returns its URL (absolute) and id. */
const created = async (length: number, fields: Record<string, string> = { kind: 'image', filename: 'photo.jpg' }, headers = demo) => {
  const response = await create(length, fields, headers);
  expect(response.status).toBe(201);
  const location = response.headers.get('location') ?? '';
  expect(location).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{16,64}$/);
  return { url: `${base}${location}`, id: location.split('/').pop() ?? '' };
};

const patch = (url: string, offset: number, body: Buffer, headers = demo) =>
  fetch(url, {
    method: 'PATCH',
    headers: { ...TUS, ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(body),
  });

const head = (url: string, headers = demo) => fetch(url, { method: 'HEAD', headers: { ...TUS, ...headers } });

const storedOffset = async (url: string) => Number((await head(url)).headers.get('upload-offset'));

/** Sends the first `sent` bytes of a PATCH that announces all of `body`, then drops the connection. */
const cutPatch = (url: string, body: Buffer, sent: number) =>
  new Promise<void>((resolve) => {
    const target = new URL(url);
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: { ...TUS, ...demo, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(body.length) },
    });
    req.on('error', () => resolve());
    req.write(body.subarray(0, sent), () => {
      // Give the server time to store what arrived, then cut the connection like a phone losing signal.
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });

const waitFor = async <T,>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe('uploads: tus over HTTP', () => {
  it('creates, takes the bytes, reports the offset and gives the file back to its owner only', async () => {
    const bytes = pngOf(64 * 1024);
    const { url, id } = await created(bytes.length, { kind: 'image', filename: 'card front.png' });
    expect(await storedOffset(url)).toBe(0);
    const done = await patch(url, 0, bytes);
    expect(done.status).toBe(204);
    expect(done.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(await storedOffset(url)).toBe(bytes.length);

    const content = await fetch(`${base}${uploadContentPath(id)}`, { headers: demo });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('image/png');
    expect(content.headers.get('x-content-type-options')).toBe('nosniff');
    expect(content.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);

    // Another customer learns nothing: the same 404 as an unknown id, for every method.
    expect((await head(url, other)).status).toBe(404);
    expect((await patch(url, bytes.length, Buffer.alloc(0), other)).status).toBe(404);
    const stranger = await fetch(`${base}${uploadContentPath(id)}`, { headers: other });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toMatchObject({ code: 'upload.notFound' });
    expect((await fetch(url, { method: 'DELETE', headers: { ...TUS, ...other } })).status).toBe(404);
    expect(await storedOffset(url)).toBe(bytes.length);

    // No credential at all: 401.
    expect((await fetch(`${base}${uploadContentPath(id)}`)).status).toBe(401);
    expect((await create(10, { kind: 'image' }, {})).status).toBe(401);
  });

  it('resumes from the bytes the server stored after a PATCH is cut off half way', async () => {
    const bytes = jpegOf(2 * MIB);
    const { url, id } = await created(bytes.length);
    await cutPatch(url, bytes, MIB);
    // HEAD says how much the server really stored: some, not all.
    const offset = await waitFor(
      () => storedOffset(url),
      (value) => value > 0,
    );
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(MIB);
    // A PATCH from any other offset is refused (409) and changes nothing.
    expect((await patch(url, 0, bytes)).status).toBe(409);
    expect(await storedOffset(url)).toBe(offset);

    const rest = await patch(url, offset, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    const content = await fetch(`${base}${uploadContentPath(id)}`, { headers: demo });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses an image over 10 MB at creation (413) and takes a document up to 20 MB', async () => {
    const tooLarge = await create(10 * MIB + 1, { kind: 'image', filename: 'big.jpg' });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toEqual({ message: { key: 'upload.tooLarge', values: { mb: 10 } }, code: 'upload.tooLarge' });
    expect((await create(10 * MIB, { kind: 'image' })).status).toBe(201);
    expect((await create(20 * MIB, { kind: 'document', filename: 'claim.pdf' })).status).toBe(201);
    const document = await create(20 * MIB + 1, { kind: 'document' });
    expect(document.status).toBe(413);
    expect(await document.json()).toMatchObject({ code: 'upload.tooLarge', message: { values: { mb: 20 } } });
    // No kind, an unknown kind, or a length left for later: refused before any byte.
    expect((await create(100, { filename: 'x.jpg' })).status).toBe(400);
    expect((await create(100, { kind: 'video' })).status).toBe(400);
    const empty = await create(0, { kind: 'image', filename: 'empty.jpg' });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: 'upload.empty' });
    const deferred = await fetch(`${base}/api/uploads/`, {
      method: 'POST',
      headers: { ...TUS, ...demo, 'Upload-Defer-Length': '1', 'Upload-Metadata': metadata({ kind: 'image' }) },
    });
    expect(deferred.status).toBe(400);
  });

  it('stops a body at the announced length: more bytes than announced are refused', async () => {
    const { url } = await created(1000);
    const response = await patch(url, 0, jpegOf(5000));
    expect(response.status).toBe(413);
    expect(await storedOffset(url)).toBe(0);
  });

  it('refuses a non-image renamed .jpg (415) and deletes the upload', async () => {
    const text = Buffer.from('<html><body>this is not a photo</body></html>\n'.repeat(200));
    const { url, id } = await created(text.length, { kind: 'image', filename: 'passport.jpg' });
    const response = await patch(url, 0, text);
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: { key: 'upload.badType' }, code: 'upload.badType' });
    expect((await head(url)).status).toBe(404);
    expect(existsSync(join(directory, id))).toBe(false);
    expect((await server.db.query('select 1 from uploads where id = $1', [id])).rows).toHaveLength(0);
  });

  it('judges by content, not by name: a PDF is a document but not an image', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), jpegOf(4000).subarray(9)]);
    const asDocument = await created(pdf.length, { kind: 'document', filename: 'claim.jpg' });
    expect((await patch(asDocument.url, 0, pdf)).status).toBe(204);
    const asImage = await created(pdf.length, { kind: 'image', filename: 'photo.jpg' });
    expect((await patch(asImage.url, 0, pdf)).status).toBe(415);
  });

  it('lets the owner terminate an upload (DELETE) and forgets it', async () => {
    const bytes = jpegOf(5000);
    const { url, id } = await created(bytes.length);
    await patch(url, 0, bytes.subarray(0, 2000));
    const response = await fetch(url, { method: 'DELETE', headers: { ...TUS, ...demo } });
    expect(response.status).toBe(204);
    expect((await head(url)).status).toBe(404);
    expect(existsSync(join(directory, id))).toBe(false);
  });

  it('asks the features’ resolvers for other credentials', async () => {
    registerUploadOwnerResolver(async (c) => {
      const token = c.req.header('x-test-draft');
      return token === 'draft-42' ? 'test:42' : null;
    });
    const bytes = jpegOf(3000);
    const draft = { 'X-Test-Draft': 'draft-42' };
    const { url, id } = await created(bytes.length, { kind: 'image' }, draft);
    expect((await patch(url, 0, bytes, draft)).status).toBe(204);
    expect((await fetch(`${base}${uploadContentPath(id)}`, { headers: draft })).status).toBe(200);
    expect((await fetch(`${base}${uploadContentPath(id)}`, { headers: { 'X-Test-Draft': 'draft-43' } })).status).toBe(401);
    expect((await fetch(`${base}${uploadContentPath(id)}`, { headers: demo })).status).toBe(404);
    const owner = (await server.db.query<{ owner: string }>('select owner from uploads where id = $1', [id])).rows[0]?.owner;
    expect(owner).toBe('test:42');
  });
});

describe('uploads: claims, deletion and the sweep', () => {
  const finished = async (headers = demo) => {
    const bytes = jpegOf(4096);
    const upload = await created(bytes.length, { kind: 'image', filename: 'selfie.jpg' }, headers);
    expect((await patch(upload.url, 0, bytes, headers)).status).toBe(204);
    return upload;
  };
  const demoOwner = async () => `user:${(await server.db.query<{ id: number }>("select id from users where email = 'demo@example.com'")).rows[0]?.id}`;

  it('claims finished uploads of the owner and kind, and refuses any other with a field error', async () => {
    const owner = await demoOwner();
    const front = await finished();
    const claimed = await claimUploads(server.db, { owner, ids: { idFront: front.id }, kind: 'image' });
    expect(claimed).toEqual([{ id: front.id, filename: 'selfie.jpg', size: 4096, mime: 'image/jpeg' }]);

    const unfinished = await created(5000);
    const someoneElses = await finished(other);
    for (const [id, kind] of [
      [unfinished.id, 'image'],
      [someoneElses.id, 'image'],
      ['no-such-upload-id-000', 'image'],
      [front.id, 'document'],
    ] as const) {
      await expect(claimUploads(server.db, { owner, ids: { selfie: id }, kind })).rejects.toMatchObject({
        status: 400,
        body: { fields: { selfie: { key: 'upload.notUploaded' } } },
      });
    }
  });

  it('sweeps unclaimed uploads after 24 hours and deletes their files; claimed ones stay', async () => {
    const owner = await demoOwner();
    const kept = await finished();
    await claimUploads(server.db, { owner, ids: [kept.id], kind: 'image' });
    const left = await finished();
    const fresh = await finished();
    expect(existsSync(join(directory, left.id))).toBe(true);
    await server.db.query("update uploads set created_at = now() - interval '25 hours' where id = any($1::text[])", [[kept.id, left.id]]);

    await sweepUploads(server.db, store);
    expect(existsSync(join(directory, left.id))).toBe(false);
    expect((await head(left.url)).status).toBe(404);
    expect(existsSync(join(directory, kept.id))).toBe(true);
    expect(existsSync(join(directory, fresh.id))).toBe(true);
    expect((await fetch(`${base}${uploadContentPath(kept.id)}`, { headers: demo })).status).toBe(200);
  });

  it('deleteUploadsOf hides an owner’s uploads at once and the sweep deletes their files', async () => {
    const draft = { 'X-Test-Draft': 'draft-42' };
    const mine = await finished(draft);
    const demoUpload = await finished();
    expect(await deleteUploadsOf(server.db, 'test:42')).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${base}${uploadContentPath(mine.id)}`, { headers: draft })).status).toBe(404);
    expect((await head(mine.url, draft)).status).toBe(404);
    await sweepUploads(server.db, store);
    expect(existsSync(join(directory, mine.id))).toBe(false);
    expect(existsSync(join(directory, demoUpload.id))).toBe(true);
    expect((await readdir(directory)).some((name) => name.startsWith(mine.id))).toBe(false);
  });
});

describe('uploads: what an outside audit tried', () => {
  it('acts only on the upload whose owner was checked, whatever the query string or path says (every tus verb)', async () => {
    // The victim: the demo user's passport photo, half sent.
    const victimBytes = jpegOf(4000);
    const victim = await created(victimBytes.length, { kind: 'image', filename: 'passport-front.jpg' });
    expect((await patch(victim.url, 0, victimBytes.subarray(0, 1000))).status).toBe(204);
    // The caller: the second user with an upload of their own.
    const ownBytes = jpegOf(3000);
    const own = await created(ownBytes.length, { kind: 'image', filename: 'mine.jpg' }, other);
    const victimState = async () => {
      const answer = await head(victim.url);
      return { status: answer.status, offset: answer.headers.get('upload-offset'), length: answer.headers.get('upload-length') };
    };
    const untouched = { status: 200, offset: '1000', length: '4000' };

    for (const crafted of [`${own.url}?x=/${victim.id}`, `${own.url}?/${victim.id}`, `${own.url}?x=${encodeURIComponent(`/${victim.id}`)}`]) {
      // HEAD tells about the caller's own upload, never the victim's.
      const answer = await head(crafted, other);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('upload-length')).toBe('3000');
      expect(answer.headers.get('upload-metadata') ?? '').not.toContain(b64('passport-front.jpg'));
      // PATCH at the victim's offset writes nothing into the victim (the own upload is at 0: 409).
      expect((await patch(crafted, 1000, victimBytes.subarray(1000, 2000), other)).status).toBe(409);
      expect(await victimState()).toEqual(untouched);
    }
    // Other shapes of the path name no upload at all.
    for (const crafted of [`${own.url}/${victim.id}`, `${own.url}%2F${victim.id}`, `${base}/api/uploads/${victim.id}%3Fx`]) {
      expect((await head(crafted, other)).status).toBe(404);
      expect((await patch(crafted, 1000, victimBytes.subarray(1000, 2000), other)).status).toBe(404);
      expect((await fetch(crafted, { method: 'DELETE', headers: { ...TUS, ...other } })).status).toBe(404);
      expect(await victimState()).toEqual(untouched);
    }
    // DELETE removes the caller's own upload (file and row), and nothing of the victim.
    const removed = await fetch(`${own.url}?x=/${victim.id}`, { method: 'DELETE', headers: { ...TUS, ...other } });
    expect(removed.status).toBe(204);
    expect(await victimState()).toEqual(untouched);
    expect(existsSync(join(directory, victim.id))).toBe(true);
    expect((await head(own.url, other)).status).toBe(404);
    expect((await server.db.query('select 1 from uploads where id = $1', [own.id])).rows).toHaveLength(0);
  });

  it('keeps a sealed upload (attached to something submitted) readable but refuses PATCH and DELETE, and a draft clean-up leaves it', async () => {
    const draft = { 'X-Test-Draft': 'draft-42' };
    const bytes = jpegOf(2000);
    const upload = await created(bytes.length, { kind: 'image', filename: 'id-back.jpg' }, draft);
    expect((await patch(upload.url, 0, bytes, draft)).status).toBe(204);
    await claimUploads(server.db, { owner: 'test:42', ids: [upload.id], kind: 'image' });
    await sealUploads(server.db, [upload.id]);

    const refused = await fetch(upload.url, { method: 'DELETE', headers: { ...TUS, ...draft } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: { key: 'upload.sealed' }, code: 'upload.sealed' });
    expect((await patch(upload.url, bytes.length, Buffer.alloc(0), draft)).status).toBe(403);
    await deleteUploadsOf(server.db, 'test:42');
    await sweepUploads(server.db, store);
    expect((await head(upload.url, draft)).status).toBe(200);
    const content = await fetch(`${base}${uploadContentPath(upload.id)}`, { headers: draft });
    expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it(`caps an owner's open uploads at ${OPEN_UPLOADS_MAX} and ${OPEN_UPLOAD_BYTES_MAX / MIB} MiB reserved, with a translated 429`, async () => {
    registerUploadOwnerResolver(async (c) => {
      const owner = c.req.header('x-test-cap');
      return owner ? `cap:${owner}` : null;
    });
    const many = { 'X-Test-Cap': 'many' };
    for (let i = 0; i < OPEN_UPLOADS_MAX; i += 1) expect((await create(100, { kind: 'image' }, many)).status).toBe(201);
    const refused = await create(100, { kind: 'image' }, many);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: { key: 'upload.tooMany' }, code: 'upload.tooMany' });
    // An upload attached to a record no longer counts: room for one more.
    const { rows } = await server.db.query<{ id: string }>("select id from uploads where owner = 'cap:many' limit 1");
    await server.db.query('update uploads set claimed_at = now() where id = $1', [rows[0]?.id]);
    expect((await create(100, { kind: 'image' }, many)).status).toBe(201);

    const large = { 'X-Test-Cap': 'large' };
    const documents = Math.floor(OPEN_UPLOAD_BYTES_MAX / (20 * MIB));
    for (let i = 0; i < documents; i += 1) expect((await create(20 * MIB, { kind: 'document' }, large)).status).toBe(201);
    expect((await create(20 * MIB, { kind: 'document' }, large)).status).toBe(429);
    // Parallel creations cannot slip past the cap together.
    const burst = { 'X-Test-Cap': 'burst' };
    const answers = await Promise.all(Array.from({ length: OPEN_UPLOADS_MAX + 10 }, () => create(100, { kind: 'image' }, burst)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(OPEN_UPLOADS_MAX);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
  });

  it('sweeps uploads left unfinished after 2 hours and finished unattached ones after 6', async () => {
    const finishedBytes = jpegOf(3000);
    const finishedOld = await created(finishedBytes.length);
    expect((await patch(finishedOld.url, 0, finishedBytes)).status).toBe(204);
    const finishedOlder = await created(finishedBytes.length);
    expect((await patch(finishedOlder.url, 0, finishedBytes)).status).toBe(204);
    const unfinished = await created(finishedBytes.length);
    expect((await patch(unfinished.url, 0, finishedBytes.subarray(0, 1000))).status).toBe(204);
    await server.db.query("update uploads set created_at = now() - interval '3 hours' where id = any($1::text[])", [[finishedOld.id, unfinished.id]]);
    await server.db.query("update uploads set created_at = now() - interval '7 hours' where id = $1", [finishedOlder.id]);
    await sweepUploads(server.db, store);
    expect((await head(unfinished.url)).status).toBe(404);
    expect((await head(finishedOlder.url)).status).toBe(404);
    expect((await head(finishedOld.url)).status).toBe(200);
  });

  it('answers 404 before sending anything when a finished upload\'s file is missing from the store', async () => {
    const bytes = jpegOf(3000);
    const upload = await created(bytes.length);
    expect((await patch(upload.url, 0, bytes)).status).toBe(204);
    await rm(join(directory, upload.id), { force: true });
    const answer = await fetch(`${base}${uploadContentPath(upload.id)}`, { headers: demo });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toMatchObject({ code: 'upload.notFound' });
  });
});
