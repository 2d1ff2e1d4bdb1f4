import { DomainError } from '../common/errors/domain-error';
import { SqlRunner } from './sql-runner';

/**
 * Row `id` of `table` if it belongs to the business, else 404 NOT_FOUND: another business's row is
 * answered like a missing one (CONTRACT.md 3). `columns` defaults to a bare existence check.
 */
export async function findInBusiness<T = Record<string, unknown>>(
  db: SqlRunner,
  table: string,
  businessId: string,
  id: string,
  options: { notFound: string; columns?: string },
): Promise<T> {
  const [row] = await db.query(`SELECT ${options.columns ?? '1'} FROM ${table} WHERE business_id = $1 AND id = $2`, [businessId, id]);
  if (!row) throw DomainError.notFound(options.notFound);
  return row as T;
}
