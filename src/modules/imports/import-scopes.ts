import { acceptedScopes, grants, Scope } from '../../common/auth/scopes';
import { DomainError } from '../../common/errors/domain-error';
import { IMPORT_KINDS, ImportKind } from './entities/import.entity';

/** The scope an import of each kind needs (docs/api.md 23): the write scope of what it writes. */
const SCOPE_OF: Record<ImportKind, Scope> = { products: 'products:write', customers: 'customers', stock: 'inventory' };

export function importScope(kind: ImportKind): Scope {
  return SCOPE_OF[kind];
}

export function mayImport(held: readonly string[], kind: ImportKind): boolean {
  const required = SCOPE_OF[kind];
  return grants(held, { kind: 'scoped', required, accepted: acceptedScopes([required]) });
}

/** The kinds a key's scopes may import (and see the imports of). */
export function importableKinds(held: readonly string[]): ImportKind[] {
  return IMPORT_KINDS.filter((kind) => mayImport(held, kind));
}

/** 403 FORBIDDEN_SCOPE, as the route guard says it, unless the scopes grant the kind's. */
export function assertMayImport(held: readonly string[], kind: ImportKind): void {
  if (mayImport(held, kind)) return;
  const required = SCOPE_OF[kind];
  throw new DomainError('FORBIDDEN_SCOPE', `This API key's scopes do not allow this request: it needs the scope "${required}"`, [{ required }]);
}
