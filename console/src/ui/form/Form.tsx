import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { shownError } from '../../api/errors';
import { fieldErrors } from '../../lib/field-errors';
import { ErrorView } from '../ErrorView';
import '../part2-forms.css';

/**
 * The console's small form kit: a labelled field with its hint and its error (the API's
 * `details[].field` message, tied to the input by aria-describedby and aria-invalid), a submit
 * button that says it is busy, and the API error of the whole form (ui/ErrorView, with its request id).
 */
export function TextField({
  label,
  error,
  hint,
  value,
  onChange,
  ...input
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  value: string;
  onChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <span id={`${id}-hint`} className="hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** A select with its label (and its error). */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  required,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        required={required}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/** Submit, disabled and saying `busyLabel` while the request is on its way (a double click sends once). */
export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel?: string }) {
  return (
    <button type="submit" disabled={busy} aria-busy={busy || undefined}>
      {busy ? (busyLabel ?? 'Working…') : children}
    </button>
  );
}

/**
 * The error of a form's request: a known code's own sentence (`messages`, e.g. WEAK_PASSWORD: "Choose
 * a longer or less common password"), or the API's message, details and request id.
 */
export function FormError({ error, messages = {} }: { error: unknown; messages?: Record<string, string> }) {
  if (error === null || error === undefined) return null;
  const shown = shownError(error);
  const own = shown.code ? messages[shown.code] : undefined;
  if (own)
    return (
      <div role="alert" className="error">
        <p>{own}</p>
      </div>
    );
  return <ErrorView error={error} />;
}

/** The field messages of a form's error (lib/field-errors.ts), for TextField's `error`. */
export function useFieldErrors(error: unknown): Record<string, string> {
  return fieldErrors(error);
}
