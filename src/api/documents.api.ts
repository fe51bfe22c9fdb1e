/** Documents (docs/api.md "Documents"): PDFs for their owner, and the public verification of a code. */
import { z } from 'zod/mini';
import { documentPaths, verifyAnswerSchema } from '../../contract/document.schema';
import type { DocumentLanguage } from '../../machines/document-download.machine';
import { http, request } from './client';

/** A document's bytes and the file name the server gave it. */
const downloadedSchema = z.object({ blob: z.instanceof(Blob), filename: z.string() });
export type DownloadedDocument = z.infer<typeof downloadedSchema>;

const filenameOf = (disposition: string | null, fallback: string) => {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
};

/** GET a document's PDF (bearer, or the visitor's application key in `headers`), in `language`. */
export const fetchDocument = (path: string, language: DocumentLanguage, headers: Record<string, string> = {}) =>
  request(downloadedSchema, async () => {
    const response = await http.get(`${path.replace(/^\//, '')}?lang=${language}`, { headers });
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition'), 'document.pdf') };
  });

/** GET /api/verify/{code}/ (public). */
export const verifyDocument = (code: string) => request(verifyAnswerSchema, () => http.get(documentPaths.verify(code).replace(/^\//, '')).json());
