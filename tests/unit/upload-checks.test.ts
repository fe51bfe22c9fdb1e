/**
 * What the browser checks before an upload (src/shared/upload/inspect.ts, contract/upload.schema.ts
 * `sniffMime`, the same function the server judges with) and how a failed tus request becomes the
 * slot's message (tus-transfer.ts).
 */
import { DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { describe, expect, it } from 'vitest';
import { sniffMime, UploadFailure, uploadErrorMessage } from '../../contract/upload.schema';
import { inspectFile } from '../../src/shared/upload/inspect';
import { transferFailureCode } from '../../src/shared/upload/tus-transfer';

const bytes = (...parts: Array<number[] | string>): Uint8Array<ArrayBuffer> =>
  new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)));

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  return bytes([0, 0, 0, size], 'ftyp', major, [0, 0, 0, 0], compatible.join(''), [0, 0, 0, 8], 'meta');
};

const fileOf = (content: Uint8Array<ArrayBuffer>, name: string, type = '') => new File([content], name, { type });

describe('sniffMime', () => {
  it('recognises JPEG, PNG, PDF and HEIC/HEIF by their first bytes', () => {
    expect(sniffMime(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toBe('image/jpeg');
    expect(sniffMime(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]))).toBe('image/png');
    expect(sniffMime(bytes('%PDF-1.4\n'))).toBe('application/pdf');
    expect(sniffMime(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    // An Android HEIF whose major brand is the generic mif1.
    expect(sniffMime(ftyp('mif1', 'miaf', 'heic'))).toBe('image/heic');
  });

  it('recognises nothing else, whatever the name', () => {
    expect(sniffMime(bytes('<html><body>'))).toBeNull();
    expect(sniffMime(bytes('GIF89a'))).toBeNull();
    expect(sniffMime(ftyp('isom', 'mp41'))).toBeNull(); // an MP4 video
    // AVIF shares the generic HEIF brand but is not accepted.
    expect(sniffMime(ftyp('avif', 'mif1', 'miaf'))).toBeNull();
    expect(sniffMime(ftyp('mif1', 'avif', 'miaf'))).toBeNull();
    expect(sniffMime(bytes([0xff, 0xd8]))).toBeNull(); // too short to tell
    expect(sniffMime(new Uint8Array())).toBeNull();
  });
});

describe('inspectFile (the browser’s check)', () => {
  const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF rest of the photo');

  it('accepts an image by its content and reports the type found', async () => {
    await expect(inspectFile({ file: fileOf(jpeg, 'IMG_0001.JPG'), kind: 'image' })).resolves.toEqual({ mime: 'image/jpeg' });
    // The name and the browser's type guess do not matter: content decides.
    await expect(inspectFile({ file: fileOf(jpeg, 'photo.png', 'image/png'), kind: 'image' })).resolves.toEqual({ mime: 'image/jpeg' });
  });

  it('refuses a non-image renamed .jpg, and a PDF in an image slot', async () => {
    await expect(inspectFile({ file: fileOf(bytes('not a photo at all'), 'passport.jpg', 'image/jpeg'), kind: 'image' })).rejects.toEqual(
      new UploadFailure('badType'),
    );
    await expect(inspectFile({ file: fileOf(bytes('%PDF-1.7\n'), 'scan.pdf'), kind: 'image' })).rejects.toMatchObject({ code: 'badType' });
    await expect(inspectFile({ file: fileOf(bytes('%PDF-1.7\n'), 'scan.pdf'), kind: 'document' })).resolves.toEqual({ mime: 'application/pdf' });
  });

  it('takes a HEIC photo only when the browser can show it', async () => {
    const heic = fileOf(ftyp('heic', 'mif1', 'heic'), 'IMG_0002.HEIC', 'image/heic');
    await expect(inspectFile({ file: heic, kind: 'image' }, async () => true)).resolves.toEqual({ mime: 'image/heic' });
    await expect(inspectFile({ file: heic, kind: 'image' }, async () => false)).rejects.toMatchObject({ code: 'heicUnsupported' });
    expect(uploadErrorMessage('heicUnsupported', 'image')).toEqual({ key: 'upload.heicUnsupported' });
  });
});

describe('transferFailureCode', () => {
  const failed = (status: number, body: string) => {
    const response = { getStatus: () => status, getBody: () => body } as unknown as HttpResponse;
    const request = { getHeader: () => undefined, getMethod: () => 'PATCH', getURL: () => '/api/uploads/x' } as unknown as HttpRequest;
    return Object.assign(new DetailedError('tus: unexpected response'), { originalRequest: request, originalResponse: response });
  };

  it('reads the store’s code, else the status; no answer at all is the network', () => {
    expect(transferFailureCode(failed(413, JSON.stringify({ message: { key: 'upload.tooLarge' }, code: 'upload.tooLarge' })))).toBe('tooLarge');
    expect(transferFailureCode(failed(415, JSON.stringify({ code: 'upload.badType' })))).toBe('badType');
    expect(transferFailureCode(failed(404, ''))).toBe('notFound');
    expect(transferFailureCode(failed(401, '{"message":{"key":"errors.unauthorized"}}'))).toBe('unauthorized');
    expect(transferFailureCode(failed(400, 'Invalid'))).toBe('refused');
    expect(transferFailureCode(failed(503, ''))).toBe('network');
    // An offset the server does not have (a cut request the browser sent again): resume from HEAD.
    expect(transferFailureCode(failed(409, 'Upload-Offset conflict'))).toBe('network');
    expect(transferFailureCode(new DetailedError('tus: failed to upload chunk', new Error('net::ERR_INTERNET_DISCONNECTED')))).toBe('network');
    expect(transferFailureCode(new Error('anything'))).toBe('network');
  });
});
