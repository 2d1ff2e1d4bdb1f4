import { shownError } from '../api/errors';

/** An error as the user reads it: the API's message and its request id (to quote to support), never a blank page. */
export function ErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const shown = shownError(error);
  return (
    <div role="alert" className="error">
      <p>
        <strong>{shown.code ? `Error ${shown.code}: ` : 'Error: '}</strong>
        {shown.message}
      </p>
      {shown.requestId && (
        <p>
          Request id: <code>{shown.requestId}</code>
        </p>
      )}
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
