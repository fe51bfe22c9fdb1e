/**
 * Uploads made through the API (tus: POST then one PATCH), as another device would make them, for
 * replays that arrange a draft whose images or documents are stored: a real 1×1 PNG of kind `image`
 * (or `document`, a claim's file).
 * `credential` is the owner's header: `{ Authorization: 'Bearer …' }` or `{ 'X-Draft-Token': … }`.
 */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const b64 = (value: string) => Buffer.from(value).toString('base64');

/** Uploads a small PNG named `name` as an upload of `kind` ('image', or 'document' for a claim's files); answers the upload's id. */
export async function uploadImage(baseUrl: string, credential: Record<string, string>, name: string, kind: 'image' | 'document' = 'image'): Promise<string> {
  const created = await fetch(`${baseUrl}/api/uploads/`, {
    method: 'POST',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Length': String(PNG.length), 'Upload-Metadata': `kind ${b64(kind)},filename ${b64(name)}`, ...credential },
  });
  if (created.status !== 201) throw new Error(`creating the upload ${name} answered ${created.status}`);
  const id = (created.headers.get('location') ?? '').split('/').filter(Boolean).at(-1) ?? '';
  const patched = await fetch(`${baseUrl}/api/uploads/${id}`, {
    method: 'PATCH',
    headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream', ...credential },
    body: PNG,
  });
  if (patched.status !== 204) throw new Error(`sending the upload ${name} answered ${patched.status}`);
  return id;
}

/** The three identity images of the Credit Med request and the mining registration. */
export async function uploadIdentityImages(baseUrl: string, credential: Record<string, string>) {
  return {
    idFront: await uploadImage(baseUrl, credential, 'front.png'),
    idBack: await uploadImage(baseUrl, credential, 'back.png'),
    selfie: await uploadImage(baseUrl, credential, 'selfie.png'),
  };
}
