import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import { SCOPES } from '../../src/common/auth/scopes';
import { DocumentedRoute } from './route-cases';

export const API_DOC = join(__dirname, '..', '..', 'docs', 'api.md');
const START = '<!-- scopes-table:start (generated from /docs-json by test/scopes.e2e-spec.ts: SCOPES_TABLE_WRITE=1 rewrites it) -->';
const END = '<!-- scopes-table:end -->';

/** docs/api.md's table of scopes and the routes each grants, as the document's x-accepted-scopes say. */
export function scopesTable(routes: DocumentedRoute[]): string {
  const route = (r: DocumentedRoute) => `\`${r.method} ${r.path.replace(/\{([^}]+)\}/g, ':$1')}\``;
  const rows = SCOPES.map((scope) => {
    const granted = routes.filter((r) => r.operation['x-scope'] !== 'any' && (r.operation['x-accepted-scopes'] ?? []).includes(scope));
    const text =
      scope === 'admin'
        ? `every route; only it: ${granted
            .filter((r) => r.operation['x-scope'] === 'admin')
            .map(route)
            .join(', ')}`
        : granted.map(route).join(', ');
    return `| \`${scope}\` | ${text} |`;
  });
  const open = routes.filter((r) => r.operation['x-scope'] === 'any').map(route);
  return [START, '| scope | routes it grants |', '|---|---|', ...rows, `| any key | ${open.join(', ')} |`, END].join('\n');
}

/** The table as docs/api.md has it now, or undefined without the markers. */
export function documentedScopesTable(): string | undefined {
  const text = readFileSync(API_DOC, 'utf8');
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start < 0 || end < 0 ? undefined : text.slice(start, end + END.length);
}

export function writeScopesTable(table: string): void {
  const text = readFileSync(API_DOC, 'utf8');
  const start = text.indexOf(START.slice(0, 30));
  const end = text.indexOf(END);
  if (start < 0 || end < 0) throw new Error('docs/api.md has no scopes-table markers');
  writeFileSync(API_DOC, text.slice(0, start) + table + text.slice(end + END.length));
}
