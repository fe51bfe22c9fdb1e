/**
 * Browser-test helpers for pages with upload slots (src/shared/upload/upload-slot.tsx) on the tus
 * store (/api/uploads/):
 *
 * - files to choose: `pngFile(name, bytes)` (a real PNG, its preview renders), `jpegFile(…)` (JPEG
 *   bytes as the checks see them), `realJpeg(page, bytes)`, `tooLargeImage()` (10 MB + 1 byte),
 *   `renamedNonImage()` (HTML text named .jpg, sent as image/jpeg);
 *   choose with `chooseFile(slot, file)` (the slot's hidden `<input type=file>`);
 * - the network: `networkControl(page)` throttles the upload speed (CDP
 *   `Network.emulateNetworkConditions`) and takes the browser offline and back (the page sees the
 *   `offline` / `online` events and `navigator.onLine`), so an upload can be cut off half way;
 * - the server's side: `tusTraffic(page)` records every tus request the page makes (method, offset
 *   sent, status); `storedOffset(baseUrl, id, headers)` asks the server (HEAD) how many bytes it
 *   stored; `uploadsIn(db)` lists the uploads table (id, owner, size, whether finished).
 *
 * An interrupted upload continues from where it stopped when, after going back online, the first
 * PATCH that follows carries an `Upload-Offset` above 0 equal to what HEAD reported, and the upload
 * completes with the bytes of the file (`contentOf`).
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '../../../server/db/db';

export const MIB = 1024 * 1024;
export const IMAGE_LIMIT_BYTES = 10 * MIB;

/** A file as playwright's `setInputFiles` takes it. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** Filler that does not compress (so a throttled upload takes as long as its size says). */
const filler = (size: number) => {
  const bytes = Buffer.alloc(size);
  let seed = 0x2545f491;
  for (let i = 0; i < size; i += 1) {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    bytes[i] = seed & 0xff;
  }
  return bytes;
};

/**
 * `size` bytes that start like a JPEG (what the browser's and the server's checks read). Browsers
 * cannot draw it, so the preview shows a broken image; use `realJpeg` when the preview must render.
 */
export const jpegBytes = (size: number) => {
  const bytes = filler(size);
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]).copy(bytes);
  return bytes;
};

/** `size` bytes that start like a PNG. */
export const pngBytes = (size: number) => {
  const bytes = filler(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes);
  return bytes;
};

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/**
 * A real PNG (2×2 pixels, brand blue) padded to exactly `size` bytes with a private ancillary chunk
 * that decoders skip: previews render, and the file is as large as a test needs.
 */
export const realPng = (size = 64 * 1024) => {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = pngChunk('IHDR', Buffer.from([0, 0, 0, 2, 0, 0, 0, 2, 8, 2, 0, 0, 0]));
  const row = [0, 0x0d, 0x3b, 0x84, 0x0d, 0x3b, 0x84];
  const idat = pngChunk('IDAT', deflateSync(Buffer.from([...row, ...row])));
  const iend = pngChunk('IEND', Buffer.alloc(0));
  const fixed = signature.length + ihdr.length + idat.length + iend.length;
  const padding = Math.max(0, size - fixed - 12);
  const pad = pngChunk('ruNd', filler(padding));
  return Buffer.concat([signature, ihdr, idat, pad, iend]);
};

/**
 * A real JPEG (encoded by the page's own canvas) padded to `size` bytes with comment segments that
 * decoders skip. Needs a page of any origin.
 */
export const realJpeg = async (page: Page, size = 64 * 1024): Promise<Buffer> => {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 4;
    canvas.height = 4;
    const context = canvas.getContext('2d');
    if (context) {
      context.fillStyle = '#0d3b84';
      context.fillRect(0, 0, 4, 4);
    }
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  const encoded = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  // After SOI (2 bytes) and the APP0 segment (its length at bytes 4–5).
  const cut = 4 + (encoded.readUInt16BE(4) || 0);
  const chunks: Buffer[] = [encoded.subarray(0, cut)];
  let room = size - encoded.length;
  while (room >= 4) {
    const data = Math.min(room - 4, 65_533);
    const segment = Buffer.alloc(data + 4);
    segment[0] = 0xff;
    segment[1] = 0xfe; // COM
    segment.writeUInt16BE(data + 2, 2);
    filler(data).copy(segment, 4);
    chunks.push(segment);
    room -= segment.length;
  }
  chunks.push(encoded.subarray(cut));
  return Buffer.concat(chunks);
};

/** A JPEG of `size` bytes as the checks see it (its preview does not render: use `realJpeg` for that). */
export const jpegFile = (name = 'card-front.jpg', size = 256 * 1024): FilePayload => ({ name, mimeType: 'image/jpeg', buffer: jpegBytes(size) });
/** A real PNG of `size` bytes: its preview renders. */
export const pngFile = (name = 'card-back.png', size = 256 * 1024): FilePayload => ({ name, mimeType: 'image/png', buffer: realPng(size) });
/** One byte over the image limit: refused in the browser ('Image over 10 MB'). */
export const tooLargeImage = (name = 'big-photo.jpg'): FilePayload => ({ name, mimeType: 'image/jpeg', buffer: jpegBytes(IMAGE_LIMIT_BYTES + 1) });
/**
 * The first bytes of an iPhone HEIC photo (an ISO-BMFF `ftyp` box with the `heic` brand), then
 * filler: accepted by content, but Chromium cannot decode it, so the slot says so.
 */
export const heicFile = (name = 'IMG_0001.HEIC', size = 64 * 1024): FilePayload => {
  const buffer = filler(size);
  Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic', 'latin1'), Buffer.alloc(4), Buffer.from('mif1heic', 'latin1')]).copy(buffer);
  return { name, mimeType: 'image/heic', buffer };
};

/** Text renamed .jpg and announced as image/jpeg: refused by content. */
export const renamedNonImage = (name = 'passport.jpg', size = 8 * 1024): FilePayload => ({
  name,
  mimeType: 'image/jpeg',
  buffer: Buffer.from('<!doctype html><title>not a photo</title>\n'.repeat(Math.ceil(size / 43))).subarray(0, size),
});

/**
 * Chooses a file in an upload slot (a `section` named by the slot's label) through its file input.
 * A payload gets a new modification time at every choice; a path (`fileOnDisk`) keeps the file's
 * own, like a photo chosen again from the phone's gallery, so tus-js-client finds the earlier upload
 * of it (its fingerprint) after a reload.
 */
export const chooseFile = async (slot: Locator, file: FilePayload | string) => {
  await slot.locator('input[type=file]').setInputFiles(file);
};

/** Writes a payload to a temporary file and returns its path (remove the directory after the test). */
export const fileOnDisk = async (file: FilePayload): Promise<{ path: string; directory: string }> => {
  const directory = await mkdtemp(join(tmpdir(), 'e2e-upload-'));
  const path = join(directory, file.name);
  await writeFile(path, file.buffer);
  return { path, directory };
};

export interface NetworkControl {
  /** Limits the upload speed (bytes per second) and adds latency; 0 or less lifts the limit. */
  throttle(uploadBytesPerSecond: number, latencyMs?: number): Promise<void>;
  /** The browser loses its connection: requests in flight fail, `offline` fires. */
  offline(): Promise<void>;
  /** The connection is back (keeping the throttle): `online` fires. */
  online(): Promise<void>;
}

export const networkControl = async (page: Page): Promise<NetworkControl> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let conditions = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };
  const apply = () => cdp.send('Network.emulateNetworkConditions', conditions);
  return {
    async throttle(uploadBytesPerSecond, latencyMs = 20) {
      conditions = { ...conditions, latency: latencyMs, uploadThroughput: uploadBytesPerSecond > 0 ? uploadBytesPerSecond : -1 };
      await apply();
    },
    async offline() {
      conditions = { ...conditions, offline: true };
      await apply();
      await page.context().setOffline(true);
    },
    async online() {
      conditions = { ...conditions, offline: false };
      await page.context().setOffline(false);
      await apply();
    },
  };
};

export interface TusRequest {
  method: string;
  url: string;
  /** The `Upload-Offset` the browser sent (PATCH) or null. */
  offset: number | null;
  /** The answer's status, or null while in flight or when the request failed (e.g. cut off). */
  status: number | null;
  /** The answer's `Upload-Offset` (HEAD, PATCH), or null. */
  answeredOffset: number | null;
  failed: boolean;
}

/** Records the page's requests to /api/uploads/ in order. */
export const tusTraffic = (page: Page) => {
  const requests: TusRequest[] = [];
  const entries = new Map<object, TusRequest>();
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/uploads')) return;
    const offset = request.headers()['upload-offset'];
    const entry: TusRequest = {
      method: request.method(),
      url: request.url(),
      offset: offset === undefined ? null : Number(offset),
      status: null,
      answeredOffset: null,
      failed: false,
    };
    entries.set(request, entry);
    requests.push(entry);
  });
  page.on('response', (response) => {
    const entry = entries.get(response.request());
    if (!entry) return;
    entry.status = response.status();
    const offset = response.headers()['upload-offset'];
    entry.answeredOffset = offset === undefined ? null : Number(offset);
  });
  page.on('requestfailed', (request) => {
    const entry = entries.get(request);
    if (entry) entry.failed = true;
  });
  return {
    requests,
    patches: () => requests.filter((request) => request.method === 'PATCH'),
  };
};

/** How many bytes the server stored of an upload (tus HEAD with the owner's credential); null when it has none. */
export const storedOffset = async (baseUrl: string, id: string, headers: Record<string, string>): Promise<number | null> => {
  const response = await fetch(`${baseUrl}/api/uploads/${encodeURIComponent(id)}`, { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0', ...headers } });
  if (!response.ok) return null;
  return Number(response.headers.get('upload-offset'));
};

/** The finished file as the server gives it back to its owner. */
export const contentOf = async (baseUrl: string, id: string, headers: Record<string, string>): Promise<Buffer | null> => {
  const response = await fetch(`${baseUrl}/api/uploads/${encodeURIComponent(id)}/content`, { headers });
  return response.ok ? Buffer.from(await response.arrayBuffer()) : null;
};

export interface UploadRecord {
  id: string;
  owner: string;
  kind: string;
  filename: string;
  size: number;
  mime: string | null;
  finished: boolean;
  claimed: boolean;
}

/** The uploads the server knows, newest first (optionally of one owner, e.g. 'mining:<draft id>'). */
export const uploadsIn = async (db: Db, owner?: string): Promise<UploadRecord[]> => {
  const { rows } = await db.query<{ id: string; owner: string; kind: string; filename: string; size: number; mime: string | null; completed_at: Date | null; claimed_at: Date | null }>(
    `select id, owner, kind, filename, size, mime, completed_at, claimed_at from uploads
      where deleted_at is null ${owner ? 'and owner = $1' : ''} order by created_at desc, id`,
    owner ? [owner] : [],
  );
  return rows.map((row) => ({
    id: row.id,
    owner: row.owner,
    kind: row.kind,
    filename: row.filename,
    size: Number(row.size),
    mime: row.mime,
    finished: row.completed_at !== null,
    claimed: row.claimed_at !== null,
  }));
};
