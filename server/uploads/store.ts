/**
 * Where upload bytes live: `@tus/file-store` under `<DATA_DIR>/uploads` by default, `@tus/s3-store`
 * when an S3-compatible bucket is configured (S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
 * S3_SECRET_ACCESS_KEY; README "Environment"). Either is wrapped by `checkedStore`, which judges the
 * type of an upload by its first bytes while they stream through, before any of them is stored.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/server';

/** What the upload routes need of a store: tus's DataStore plus reading a finished file back. */
export type UploadDataStore = DataStore & { read(id: string): Readable | Promise<Readable> };

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** The S3 settings of the environment, or null when S3_BUCKET is not set. */
export const s3SettingsFromEnv = (env: NodeJS.ProcessEnv = process.env): S3Settings | null => {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    ...(env.S3_REGION ? { region: env.S3_REGION } : {}),
    ...(env.S3_ACCESS_KEY_ID ? { accessKeyId: env.S3_ACCESS_KEY_ID } : {}),
    ...(env.S3_SECRET_ACCESS_KEY ? { secretAccessKey: env.S3_SECRET_ACCESS_KEY } : {}),
  };
};

export const fileUploadStore = (directory: string): UploadDataStore => new FileStore({ directory }) as UploadDataStore;

/** A fresh directory under the system's temporary directory (in-memory servers and tests). */
export const temporaryUploadStore = (): { store: UploadDataStore; directory: string } => {
  const directory = mkdtempSync(join(tmpdir(), 'daatgal-uploads-'));
  return { store: fileUploadStore(directory), directory };
};

/** `@tus/s3-store`, loaded only when configured (the AWS SDK is large). */
export const s3UploadStore = async (settings: S3Settings): Promise<UploadDataStore> => {
  const { S3Store } = await import('@tus/s3-store');
  return new S3Store({
    partSize: 8 * 1024 * 1024,
    s3ClientConfig: {
      bucket: settings.bucket,
      region: settings.region ?? 'us-east-1',
      ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
      ...(settings.accessKeyId && settings.secretAccessKey
        ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
        : {}),
    },
  }) as unknown as UploadDataStore;
};

/** The store the environment asks for: S3 when configured, else files under `<dataDir>/uploads`. */
export const uploadStoreFromEnv = async (dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<UploadDataStore> => {
  const s3 = s3SettingsFromEnv(env);
  return s3 ? s3UploadStore(s3) : fileUploadStore(join(dataDir, 'uploads'));
};

/**
 * Holds back the first `need` bytes of a write that starts at offset 0 until they are all there, then
 * asks `judge` about them: accepted, they go on with the rest; refused, the stream fails and nothing
 * is stored. A write that ends before `need` bytes (a dropped connection) passes nothing on, so the
 * stored offset stays 0 and the client starts again: a stored upload always had its head judged.
 */
export class HeadCheck extends Transform {
  private held: Buffer[] = [];
  private heldBytes = 0;
  private judged = false;

  constructor(
    private readonly need: number,
    private readonly judge: (head: Buffer) => Promise<Error | null>,
  ) {
    super();
    if (need <= 0) this.judged = true;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    if (this.judged) {
      callback(null, chunk);
      return;
    }
    this.held.push(chunk);
    this.heldBytes += chunk.length;
    if (this.heldBytes < this.need) {
      callback();
      return;
    }
    this.release(callback);
  }

  override _flush(callback: TransformCallback) {
    // Too few bytes to judge: the client sends them again from offset 0.
    callback();
  }

  private release(callback: TransformCallback) {
    const all = Buffer.concat(this.held);
    this.held = [];
    this.judge(all.subarray(0, this.need)).then(
      (refusal) => {
        if (refusal) {
          callback(refusal);
          return;
        }
        this.judged = true;
        callback(null, all);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
