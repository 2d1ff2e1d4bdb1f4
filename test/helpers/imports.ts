import { apiAs, TestApp, TestBusiness } from './test-app';

/** `POST /imports` of a CSV text (docs/api.md 23), as a browser's form sends it. */
export function uploadImport(t: TestApp, biz: TestBusiness, kind: string, text: string | Buffer, name = 'file.csv') {
  return t
    .http()
    .post('/api/v1/imports')
    .set(biz.auth)
    .field('kind', kind)
    .attach('file', Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), { filename: name, contentType: 'text/csv' });
}

/** The import once its status is one of `statuses` (it is validated and applied in the background). */
export async function importUntil(t: TestApp, biz: TestBusiness, id: string, statuses: string[]) {
  const api = apiAs(t, biz);
  for (let i = 0; i < 600; i++) {
    const body = (await api.get(`/imports/${id}`).expect(200)).body.data;
    if (statuses.includes(body.status)) return body;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} never became ${statuses.join('|')}`);
}

/** A file imported to its end: uploaded, validated, applied; the finished import. */
export async function runImport(t: TestApp, biz: TestBusiness, kind: string, text: string) {
  const created = (await uploadImport(t, biz, kind, text).expect(202)).body.data;
  const ready = await importUntil(t, biz, created.id, ['ready', 'failed']);
  if (ready.status !== 'ready') throw new Error(`import ${created.id} ended ${ready.status}`);
  await apiAs(t, biz).post(`/imports/${created.id}/apply`, {}).expect(202);
  return importUntil(t, biz, created.id, ['done', 'failed', 'cancelled']);
}
