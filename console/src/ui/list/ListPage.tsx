import { useEffect, useState, type ReactNode } from 'react';
import { DownloadCsv, type FileResult } from '../DownloadCsv';
import { Pager } from '../Pager';
import { QueryState } from '../States';
import '../part2-forms.css';

/**
 * One column of a list's table: its header, its cell, `num` right-aligned, `rowHeader` the row's name
 * (a th), `sort` the API's sort key when the list can be ordered by this column.
 */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  num?: boolean;
  rowHeader?: boolean;
  sort?: string;
}

/** A table ordered by the API (highest first): the column's key it is ordered by now, and how to change it (the URL's `sort`). */
export interface TableSort {
  value: string;
  onSort: (key: string) => void;
}

/** A column's header: a button when the API can order by it, `aria-sort` on the column it is ordered by now. */
function HeaderCell({ header, num, sortKey, sort }: { header: string; num?: boolean; sortKey?: string; sort?: TableSort }) {
  const current = sortKey !== undefined && sort?.value === sortKey;
  return (
    <th scope="col" className={num ? 'num' : undefined} aria-sort={current ? 'descending' : undefined}>
      {sortKey !== undefined && sort ? (
        <button type="button" className="sort" onClick={() => sort.onSort(sortKey)}>
          {header}
          <span aria-hidden="true">{current ? ' ▼' : ' ↕'}</span>
          <span className="sr-only">{current ? ', highest first' : ', order by this'}</span>
        </button>
      ) : (
        header
      )}
    </th>
  );
}

/** A table wider than a phone scrolls in this box (reachable by keyboard, named for screen readers), never the page. */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** A table of rows with a name (its caption for screen readers), one column list for every list of the console. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  sort,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  sort?: TableSort;
}) {
  return (
    <TableScroll label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell key={column.header} header={column.header} num={column.num} sortKey={column.sort} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.header} scope="row" className={column.num ? 'num' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.header} className={column.num ? 'num' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

interface Paged<Row> {
  data: Row[];
  meta: { page: number; total_pages: number; total: number };
}

interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * The list page block (docs/api.md 16: a list's filters and page are in its URL): the filter form
 * (`filters`, fields bound to frame/use-url-state.ts), Download CSV with the same filters (`csv`),
 * the read's loading, error and empty states, the table, and ui/Pager over the API's `meta`.
 */
export function ListView<Row>({
  what,
  caption,
  query,
  columns,
  rowKey,
  empty,
  filters,
  csv,
  onPage,
}: {
  /** plural, lower case: "orders" (the pager's and the filter form's words) */
  what: string;
  /** the table's name: "Orders" */
  caption: string;
  query: QueryLike<Paged<Row>>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  filters?: ReactNode;
  csv?: { fallback: string; download: () => Promise<FileResult> };
  onPage: (page: number) => void;
}) {
  return (
    <>
      {filters && <FilterBar what={what}>{filters}</FilterBar>}
      {csv && <DownloadCsv what={what} fallback={csv.fallback} download={csv.download} />}
      <QueryState query={query} what={`the ${what}`} isEmpty={(body) => body.data.length === 0} empty={empty}>
        {(body) => (
          <>
            <DataTable caption={caption} columns={columns} rows={body.data} rowKey={rowKey} />
            <Pager meta={body.meta} what={what} onPage={onPage} />
          </>
        )}
      </QueryState>
    </>
  );
}

/** The filters of a list: a search landmark named "Filter <what>" whose fields change the URL as they change. */
export function FilterBar({ what, children }: { what: string; children: ReactNode }) {
  return (
    <div className="filters" role="search" aria-label={`Filter ${what}`}>
      {children}
    </div>
  );
}

/** A select filter: its label, "Any …" for no filter, and the choices. */
export function SelectFilter({
  id,
  label,
  value,
  any,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  any: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A date filter (a day, `YYYY-MM-DD`). */
export function DateFilter({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * A text filter applied on Enter or its button (a search, an action prefix): the field follows the URL
 * (Back, Forward, links), the URL changes only when submitted, so typing does not add history entries.
 */
export function SearchFilter({
  id,
  label,
  value,
  placeholder,
  button = 'Search',
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  button?: string;
  onChange: (value: string) => void;
}) {
  const [typed, setTyped] = useState(value);
  useEffect(() => setTyped(value), [value]);
  return (
    <form
      className="field search-filter"
      onSubmit={(e) => {
        e.preventDefault();
        onChange(typed.trim());
      }}
    >
      <label htmlFor={id}>{label}</label>
      <span>
        <input id={id} type="search" value={typed} placeholder={placeholder} onChange={(e) => setTyped(e.target.value)} />{' '}
        <button type="submit">{button}</button>
      </span>
    </form>
  );
}

/**
 * A choice of a few (a period, an order), all shown: radio buttons in a fieldset named by its legend,
 * the value in the URL like any filter (`name` groups the radios; arrows move between them).
 */
export function ChoiceFilter({
  name,
  legend,
  value,
  options,
  onChange,
}: {
  name: string;
  legend: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="period">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} /> {option.label}
        </label>
      ))}
    </fieldset>
  );
}
