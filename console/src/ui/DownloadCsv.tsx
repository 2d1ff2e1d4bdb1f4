import { useMutation } from '@tanstack/react-query';
import { dataOrThrow } from '../api/errors';
import { filenameOf, saveBlob } from '../api/files';
import { ErrorView } from './ErrorView';

/** What openapi-fetch's `api.GET(<export>, { params, parseAs: 'blob' })` gives back. */
export interface FileResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * "Download CSV" beside a list (docs/api.md "CSV exports"): `download` fetches the list's export with
 * its current filters and the key; the file is saved through an object URL under the server's
 * file name (`orders-2026-11-27.csv`), `fallback` when it gives none. An API error shows here.
 * `label` names another file than a list's (an import's "Download errors").
 */
export function DownloadCsv({
  what,
  fallback,
  download,
  label = 'Download CSV',
  title = `The ${what} matching these filters, as CSV`,
}: {
  what: string;
  fallback: string;
  download: () => Promise<FileResult>;
  label?: string;
  title?: string;
}) {
  const save = useMutation({
    mutationFn: async () => {
      const result = await download();
      if (!result.response.ok) dataOrThrow(result);
      return { blob: result.data as Blob, filename: filenameOf(result.response.headers.get('Content-Disposition')) ?? fallback };
    },
    onSuccess: ({ blob, filename }) => saveBlob(blob, filename),
  });
  return (
    <div className="download">
      <button type="button" disabled={save.isPending} title={title} onClick={() => save.mutate()}>
        {save.isPending ? 'Downloading…' : label}
      </button>
      {save.error && <ErrorView error={save.error} />}
    </div>
  );
}
