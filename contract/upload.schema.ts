/**
 * The resumable upload store (tus 1.0 at /api/uploads/, docs/api.md "Uploads"): what client, machines
 * and server share. The kinds and their limits, the types accepted by content (magic bytes, never by
 * name), the error codes and the shape of a finished upload. The browser checks the same numbers
 * before it sends a byte; the server enforces them again as the bytes arrive.
 */
import { z } from 'zod/mini';
import type { Message } from './validation';

/** `image`: identity photos (≤ 10 MiB, JPEG / PNG / HEIC); `document`: claim papers (≤ 20 MiB, PDF / JPEG / PNG). */
export const UPLOAD_KINDS = ['image', 'document'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const uploadKindSchema = z.enum(UPLOAD_KINDS);

export const MIB = 1024 * 1024;
const LIMIT_BYTES: Record<UploadKind, number> = { image: 10 * MIB, document: 20 * MIB };

/** The largest upload of a kind, in bytes. */
export const uploadLimitBytes = (kind: UploadKind): number => LIMIT_BYTES[kind];
/** The limit in whole MB as people say it ("10 MB"). */
export const uploadLimitMb = (kind: UploadKind): number => LIMIT_BYTES[kind] / MIB;

export const JPEG = 'image/jpeg';
export const PNG = 'image/png';
export const HEIC = 'image/heic';
export const PDF = 'application/pdf';
export type UploadMime = typeof JPEG | typeof PNG | typeof HEIC | typeof PDF;

/** The types a kind accepts, recognised by content. */
export const ACCEPTED_MIME: Record<UploadKind, readonly UploadMime[]> = {
  image: [JPEG, PNG, HEIC],
  document: [PDF, JPEG, PNG],
};

/** What a file picker offers (the `accept` attribute): types and the names phones give them. */
export const ACCEPT_ATTRIBUTE: Record<UploadKind, readonly string[]> = {
  image: [JPEG, PNG, HEIC, 'image/heif', '.jpg', '.jpeg', '.png', '.heic', '.heif'],
  document: [PDF, JPEG, PNG, '.pdf', '.jpg', '.jpeg', '.png'],
};

/** How many leading bytes `sniffMime` needs. */
export const SNIFF_BYTES = 32;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, index) => bytes[at + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** ISO-BMFF major brands of HEIC / HEIF still images (iPhone photos are `heic`). */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
/** Generic HEIF brands (some Android phones): HEIF unless a compatible brand says AVIF. */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);
const AVIF_BRANDS = new Set(['avif', 'avis']);

/**
 * The type of a file from its first bytes (JPEG, PNG, HEIC/HEIF, PDF), or null for anything else.
 * Four signatures are all the store accepts, so they are checked here rather than by a general
 * detector, the same in the browser and on the server.
 */
export const sniffMime = (bytes: Uint8Array): UploadMime | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return JPEG;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return PNG;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return PDF; // %PDF-
  // ISO-BMFF: a box size (4 bytes), 'ftyp', the major brand, a minor version, compatible brands.
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const major = ascii(bytes, 8, 12);
    if (HEIC_BRANDS.has(major)) return HEIC;
    if (!HEIF_BRANDS.has(major)) return null;
    const boxSize = Math.min(((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0), bytes.length);
    for (let at = 16; at + 4 <= boxSize; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return null;
    return HEIC;
  }
  return null;
};

export const isAccepted = (kind: UploadKind, mime: string | null): mime is UploadMime =>
  mime !== null && (ACCEPTED_MIME[kind] as readonly string[]).includes(mime);

/** A finished upload as features keep it (never the file itself). */
export const uploadedFileSchema = z.object({
  id: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/)),
  filename: z.string(),
  size: z.number(),
  mime: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** Why an upload failed or was refused; each is a message `upload.<code>` in src/locales/{mn,en}/upload.json. */
export const UPLOAD_ERROR_CODES = [
  'tooLarge', // over the kind's limit: in the browser before uploading, or the server's 413
  'badType', // not an accepted type by content: in the browser, or the server's 415
  'heicUnsupported', // a HEIC photo this browser cannot show
  'empty', // a file of 0 bytes
  'unreadable', // the browser could not read the file (moved or deleted since it was chosen)
  'network', // the connection dropped and the retries ran out
  'unauthorized', // the credential is missing or expired (401)
  'notFound', // the upload is gone (404, 410: swept or another owner's)
  'sealed', // attached to something already sent: it can be read but no longer changed or deleted (403)
  'tooMany', // the owner has too many open uploads, or too many bytes reserved in them (429)
  'refused', // any other refusal of the server
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

export const isUploadErrorCode = (value: unknown): value is UploadErrorCode =>
  typeof value === 'string' && (UPLOAD_ERROR_CODES as readonly string[]).includes(value);

/**
 * The message of an upload error (SPEC 8: 'Image over 10 MB', 'File over 20 MB'); the limit is given
 * to the ones that mention it.
 */
export const uploadErrorMessage = (code: UploadErrorCode, kind: UploadKind): Message => {
  if (code === 'tooLarge') return { key: kind === 'image' ? 'upload.tooLarge' : 'upload.fileTooLarge', values: { mb: uploadLimitMb(kind) } };
  if (code === 'badType' && kind === 'document') return { key: 'upload.fileBadType' };
  return { key: `upload.${code}` };
};

/** The status the server answers an upload error with. */
export const UPLOAD_ERROR_STATUS = { tooLarge: 413, badType: 415, sealed: 403, tooMany: 429 } as const;

/**
 * How many open uploads (created, not yet attached to anything) one owner may hold at once, and how
 * many bytes they may reserve together: enough for every slot of the largest form several times over
 * (a claim holds at most a few dozen documents), far below what would fill a disk.
 */
export const OPEN_UPLOADS_MAX = 30;
export const OPEN_UPLOAD_BYTES_MAX = 200 * MIB;

/** The JSON error body of the store: the app's error shape plus the machine-readable code. */
export interface UploadErrorBody {
  message: Message;
  code: `upload.${UploadErrorCode}`;
}

/** The code in an error body the store answered with, if any. */
export const uploadCodeOfBody = (body: unknown): UploadErrorCode | null => {
  const code = (body as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !code.startsWith('upload.')) return null;
  const bare = code.slice('upload.'.length);
  return isUploadErrorCode(bare) ? bare : null;
};

/** tus `Upload-Metadata`: `kind` (required) and `filename` (shown back to the user only). */
export const uploadMetadataSchema = z.object({
  kind: uploadKindSchema,
  filename: z.optional(z.string().check(z.maxLength(255))),
});

/** Where the store lives on the API and where a finished upload is read back. */
export const UPLOADS_PATH = '/api/uploads';
export const uploadContentPath = (id: string) => `${UPLOADS_PATH}/${encodeURIComponent(id)}/content`;

/** A refusal or failure with its code: thrown by the browser's checks and the transfer, read by the upload machine. */
export class UploadFailure extends Error {
  constructor(readonly code: UploadErrorCode) {
    super(`upload.${code}`);
    this.name = 'UploadFailure';
  }
}

/** The code of anything an upload step threw; what is not an `UploadFailure` counts as unreadable. */
export const uploadCodeOf = (error: unknown): UploadErrorCode => (error instanceof UploadFailure ? error.code : 'unreadable');
