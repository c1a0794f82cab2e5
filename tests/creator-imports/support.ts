import type { TestApp } from '../support/app';

export function csvForm(content: string | Uint8Array, filename = 'creators.csv', type = 'text/csv'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content as BlobPart], { type }), filename);
  return form;
}

export async function upload(t: TestApp, key: string, form: FormData) {
  return t.request('/public/v1/creator-imports', { method: 'POST', key, body: form });
}

/** Polls GET /creator-imports/{id} until the import is finished. */
export async function waitForImport(t: TestApp, key: string, importId: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const body = await (await t.request(`/public/v1/creator-imports/${importId}`, { key })).json();
    if (body.data.status === 'completed' || body.data.status === 'failed') return body.data;
    if (Date.now() > deadline) throw new Error(`import ${importId} still ${body.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
