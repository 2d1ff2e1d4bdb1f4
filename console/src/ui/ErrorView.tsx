import { shownError } from '../api/errors';

/** One entry of an error's `details`: `field: message`, or its figures (`requested: 5, available: 2`). */
function detailText(detail: Record<string, unknown>): string {
  if (typeof detail.field === 'string' && typeof detail.message === 'string') return `${detail.field}: ${detail.message}`;
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** An error as the user reads it: the API's message, its details and its request id (to quote to support), never a blank page. */
export function ErrorView({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const shown = shownError(error);
  return (
    <div role="alert" className="error">
      <p>
        <strong>{shown.code ? `Error ${shown.code}: ` : 'Error: '}</strong>
        {shown.message}
      </p>
      {shown.details && shown.details.length > 0 && (
        <ul>
          {shown.details.slice(0, 10).map((detail, i) => (
            <li key={i}>{detailText(detail)}</li>
          ))}
        </ul>
      )}
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
