import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { useMay } from '../../frame/use-scopes';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { FormError, SubmitButton } from '../../ui/form/Form';
import { ListView, type Column } from '../../ui/list/ListPage';
import { Page } from '../../ui/Page';
import { KINDS, kindOf, statusText, type ImportKind } from './import-status';

type Import = components['schemas']['ImportJson'];

/** The plain sentences of the upload's refusals (docs/api.md 16). */
const MESSAGES = {
  PAYLOAD_TOO_LARGE: 'The file is larger than 50 MiB: split it into smaller files.',
};

/** Which kinds this key or role may import (each kind's write scope, docs/api.md 16). */
function useKindsAllowed(): typeof KINDS {
  const allowed = { products: useMay('importProducts'), customers: useMay('importCustomers'), stock: useMay('importStock') };
  return KINDS.filter((k) => allowed[k.value]);
}

/**
 * docs/api.md 16's imports: a CSV file of products, customers or stock chosen and uploaded (the kind
 * from the URL, `?kind=products` from the Products page's Import), then the import's own page
 * (preview, Apply, progress); below, every import of the business, newest first, each one's page
 * reachable later.
 */
export default function ImportsPage() {
  const [state, set] = useUrlState({ kind: '', page: '1' });
  const format = useFormat();
  const imports = $api.useQuery('get', '/api/v1/imports', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  const columns: Column<Import>[] = [
    {
      header: 'File',
      rowHeader: true,
      cell: (i) => (
        <Link to="/imports/$importId" params={{ importId: i.id }}>
          {i.file_name}
        </Link>
      ),
    },
    { header: 'Kind', cell: (i) => KINDS.find((k) => k.value === i.kind)?.label ?? i.kind },
    { header: 'Status', cell: (i) => statusText(i.status) },
    { header: 'Rows', num: true, cell: (i) => format.quantity(i.rows) },
    { header: 'Errors', num: true, cell: (i) => format.quantity(i.summary.error) },
    { header: 'By', cell: (i) => i.created_by.name ?? '' },
    { header: 'Uploaded', cell: (i) => format.dateTime(i.created_at) },
  ];
  return (
    <Page title="Imports">
      <NewImport kind={kindOf(state.kind)} onKind={(kind) => set({ kind })} />
      <section aria-labelledby="imports-title">
        <h2 id="imports-title">Imports so far</h2>
        <ListView
          what="imports"
          caption="Imports"
          query={imports}
          columns={columns}
          rowKey={(i) => i.id}
          empty="No imports yet."
          onPage={(page) => set({ page: String(page) })}
        />
      </section>
    </Page>
  );
}

/** Choose a file and upload it (multipart POST /imports, 202): then the import's page shows its preview. */
function NewImport({ kind, onKind }: { kind: ImportKind | null; onKind: (kind: string) => void }) {
  const ids = { kind: useId(), file: useId(), hint: useId() };
  const kinds = useKindsAllowed();
  const chosen = kind && kinds.some((k) => k.value === kind) ? kind : (kinds[0]?.value ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState('');
  const navigate = useNavigate();
  const attempt = useAttemptKey();
  const upload = useMutation({
    mutationFn: async ({ kind: k, file: f }: { kind: ImportKind; file: File }) => {
      const key = attempt.keyFor({ kind: k, name: f.name, size: f.size, modified: f.lastModified });
      return dataOrThrow(
        await api.POST('/api/v1/imports', {
          body: { kind: k, file: f.name },
          bodySerializer: (body) => {
            const form = new FormData();
            form.append('kind', body.kind);
            form.append('file', f, f.name);
            return form;
          },
          headers: { 'Idempotency-Key': key },
        }),
      ).data;
    },
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async (created) => {
      attempt.end();
      await invalidatePaths('/api/v1/imports');
      await navigate({ to: '/imports/$importId', params: { importId: created.id } });
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!chosen) return;
    if (!file) return setProblem('Choose a CSV file first.');
    setProblem('');
    upload.mutate({ kind: chosen, file });
  }
  if (!chosen) return <p>This key may not import anything.</p>;
  return (
    <form className="stacked form-box" aria-labelledby="new-import-title" onSubmit={submit} noValidate>
      <h2 id="new-import-title">Import a file</h2>
      <p id={ids.hint} className="hint">
        A CSV file (UTF-8, comma or semicolon separated) with the API&apos;s field names as columns, as the CSV exports write them. Nothing changes until you
        have seen the preview and chosen Apply.
      </p>
      <div className="field">
        <label htmlFor={ids.kind}>What to import</label>
        <select id={ids.kind} value={chosen} onChange={(e) => onKind(e.target.value)}>
          {kinds.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.file}>CSV file</label>
        <input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={ids.hint}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </div>
      <div className="actions">
        <SubmitButton busy={upload.isPending} busyLabel="Uploading…">
          Upload and check
        </SubmitButton>
      </div>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <FormError error={upload.error} messages={MESSAGES} />
    </form>
  );
}
