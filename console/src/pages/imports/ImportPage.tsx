import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { usePathParam } from '../../frame/use-path-param';
import { AlertDialog } from '../../ui/AlertDialog';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { ErrorView } from '../../ui/ErrorView';
import { DataTable, type Column } from '../../ui/list/ListPage';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import { errorLines, isCancellable, isWorking, KINDS, pageOfKind, percentDone, progressText, statusText, type ErrorLine } from './import-status';
import './imports.css';

type Import = components['schemas']['ImportJson'];

/** How often an import the server is working on is read again. */
const POLL_MS = 1000;
/** How many errors the preview lists (all of them: Download errors). */
const FIRST_ERRORS = 20;

/**
 * docs/api.md 16's import page: the file's status, read again every second while the server checks or
 * applies it; the preview (rows to create, update, unchanged, with errors; the first errors with their
 * row and column; Download errors), Apply (rows with errors skipped, or nothing applied when any has
 * one), a progress bar while applying, Cancel; and where to see what was imported.
 */
export default function ImportPage() {
  const id = usePathParam('importId');
  const query = $api.useQuery(
    'get',
    '/api/v1/imports/{id}',
    { params: { path: { id } } },
    { refetchInterval: (q) => (q.state.data && isWorking(q.state.data.data.status) ? POLL_MS : false) },
  );
  return (
    <Page title="Import">
      <p>
        <Link to="/imports">All imports</Link>
      </p>
      <QueryState query={query} what="the import">
        {(body) => <ImportDetails imp={body.data} />}
      </QueryState>
    </Page>
  );
}

function ImportDetails({ imp }: { imp: Import }) {
  const format = useFormat();
  const kind = KINDS.find((k) => k.value === imp.kind)?.label ?? imp.kind;
  const seen = pageOfKind(imp.kind);
  return (
    <>
      <section aria-labelledby="import-title">
        <h2 id="import-title">{imp.file_name}</h2>
        <dl className="facts">
          <dt>Kind</dt>
          <dd>{kind}</dd>
          <dt>Status</dt>
          <dd>{statusText(imp.status)}</dd>
          <dt>Rows</dt>
          <dd>{format.quantity(imp.rows)}</dd>
          <dt>Uploaded</dt>
          <dd>
            {format.dateTime(imp.created_at)} by {imp.created_by.name}
          </dd>
          {imp.finished_at && (
            <>
              <dt>Finished</dt>
              <dd>{format.dateTime(imp.finished_at)}</dd>
            </>
          )}
        </dl>
        <ImportProgress imp={imp} />
      </section>
      {imp.status !== 'validating' && <Preview imp={imp} />}
      <Actions imp={imp} />
      {imp.status === 'done' && (
        <p>
          <Link to={seen.to}>See the {seen.name.toLowerCase()}</Link>
        </p>
      )}
    </>
  );
}

/** The server's progress, announced: checking the file, then the rows applied of all (a progress bar). */
function ImportProgress({ imp }: { imp: Import }) {
  const format = useFormat();
  const labelId = useId();
  const count = (n: number) => format.quantity(n);
  let words: string;
  if (imp.status === 'validating') words = 'Checking the file…';
  else if (imp.status === 'applying') words = `Applying: ${progressText(imp.progress, count)}.`;
  else if (imp.status === 'done') words = `Applied: ${progressText(imp.progress, count)}.`;
  else if (imp.status === 'failed') words = 'The import failed: nothing more was applied.';
  else if (imp.status === 'cancelled') words = `Cancelled after ${progressText(imp.progress, count)}.`;
  else words = 'Checked: see the preview, then Apply.';
  const showBar = imp.status === 'applying' || imp.status === 'done' || imp.status === 'cancelled';
  return (
    <div className="import-progress">
      {showBar && (
        <>
          <span id={labelId}>Rows applied</span>
          <progress
            aria-labelledby={labelId}
            max={Math.max(imp.progress.total, 1)}
            value={imp.progress.done}
            aria-valuetext={progressText(imp.progress, count)}
          >
            {percentDone(imp.progress)}%
          </progress>
        </>
      )}
      <p role="status">{words}</p>
    </div>
  );
}

/** The preview: what applying will do, row by row outcome counts, and the first errors with their row and column. */
function Preview({ imp }: { imp: Import }) {
  const format = useFormat();
  const errors = $api.useQuery(
    'get',
    '/api/v1/imports/{id}/rows',
    { params: { path: { id: imp.id }, query: { outcome: 'error', per_page: FIRST_ERRORS } } },
    { enabled: imp.summary.error > 0 },
  );
  const columns: Column<ErrorLine>[] = [
    { header: 'Row', num: true, cell: (e) => format.quantity(e.row) },
    { header: 'Key', cell: (e) => e.key ?? '' },
    { header: 'Column', cell: (e) => <code>{e.column}</code> },
    { header: 'Problem', cell: (e) => e.message },
  ];
  const applied = imp.status === 'done' || imp.status === 'applying';
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">{applied ? 'What the file does' : 'Preview'}</h2>
      <dl className="figures">
        <div>
          <dt>To create</dt>
          <dd>{format.quantity(imp.summary.create)}</dd>
        </div>
        <div>
          <dt>To update</dt>
          <dd>{format.quantity(imp.summary.update)}</dd>
        </div>
        <div>
          <dt>Unchanged</dt>
          <dd>{format.quantity(imp.summary.unchanged)}</dd>
        </div>
        <div>
          <dt>With errors</dt>
          <dd>{format.quantity(imp.summary.error)}</dd>
        </div>
      </dl>
      {imp.unknown_columns.length > 0 && (
        <p>
          Columns no field reads (ignored):{' '}
          {imp.unknown_columns.map((c, i) => (
            <span key={c}>
              {i > 0 && ', '}
              <code>{c}</code>
            </span>
          ))}
          .
        </p>
      )}
      {imp.summary.error > 0 && (
        <>
          <h3>{imp.summary.error > FIRST_ERRORS ? `The first ${FIRST_ERRORS} rows with errors` : 'Rows with errors'}</h3>
          <p>Rows with errors are skipped when the import is applied. Correct them in the file and import it again.</p>
          <QueryState query={errors} what="the errors">
            {(body) => (
              <DataTable caption="Errors by row and column" columns={columns} rows={errorLines(body.data, 100)} rowKey={(e) => `${e.row}:${e.column}`} />
            )}
          </QueryState>
          <DownloadCsv
            what="rows with errors"
            label="Download errors"
            title="Every row with an error, as CSV, with an error column"
            fallback={`${imp.file_name.replace(/\.csv$/i, '')}-errors.csv`}
            download={() => api.GET('/api/v1/imports/{id}/errors.csv', { params: { path: { id: imp.id } }, parseAs: 'blob' })}
          />
        </>
      )}
    </section>
  );
}

/** Apply (from ready; rows with errors skipped, or nothing applied with "abort") and Cancel. */
function Actions({ imp }: { imp: Import }) {
  const [abortOnError, setAbortOnError] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const attempt = useAttemptKey();
  const path = { params: { path: { id: imp.id } } };
  const done = () => invalidatePaths('/api/v1/imports');
  const apply = useMutation({
    mutationFn: async (body: { on_error: 'skip' | 'abort' }) =>
      dataOrThrow(await api.POST('/api/v1/imports/{id}/apply', { ...path, body, headers: { 'Idempotency-Key': attempt.keyFor({ id: imp.id, ...body }) } }))
        .data,
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async () => {
      attempt.end();
      await done();
      await invalidatePaths('/api/v1/products', '/api/v1/customers', '/api/v1/categories', '/api/v1/stock');
    },
  });
  const cancel = useMutation({
    mutationFn: async () => dataOrThrow(await api.DELETE('/api/v1/imports/{id}', path)).data,
    onSuccess: async () => {
      setConfirmCancel(false);
      await done();
    },
  });
  const checkId = useId();
  if (imp.status !== 'ready' && !isCancellable(imp.status) && !apply.error) return null;
  return (
    <section aria-label="Import actions" className="actions-box">
      {imp.status === 'ready' && (
        <>
          <p className="check">
            <input id={checkId} type="checkbox" checked={abortOnError} onChange={(e) => setAbortOnError(e.target.checked)} />{' '}
            <label htmlFor={checkId}>Apply nothing if any row has an error</label>
          </p>
          <p>
            <button type="button" disabled={apply.isPending} onClick={() => apply.mutate({ on_error: abortOnError ? 'abort' : 'skip' })}>
              {apply.isPending ? 'Starting…' : 'Apply'}
            </button>
          </p>
        </>
      )}
      {apply.error && <ErrorView error={apply.error} />}
      {isCancellable(imp.status) && (
        <p>
          <button type="button" className="danger" onClick={() => setConfirmCancel(true)}>
            Cancel import
          </button>
        </p>
      )}
      {confirmCancel && (
        <AlertDialog
          title={`Cancel the import of ${imp.file_name}?`}
          confirmLabel="Cancel import"
          closeLabel="Keep it"
          busy={cancel.isPending}
          error={cancel.error}
          onConfirm={() => cancel.mutate()}
          onClose={() => {
            cancel.reset();
            setConfirmCancel(false);
          }}
        >
          <p>
            {imp.status === 'applying'
              ? 'It stops after the chunk of rows being applied: what was applied stays.'
              : 'Nothing of it is applied. This cannot be undone.'}
          </p>
        </AlertDialog>
      )}
    </section>
  );
}
