/**
 * A constraint named in an error's message, `... violates unique constraint "products_business_sku_uq_102008"`,
 * without the shard id: a Citus coordinator relays a worker's error without its constraint field, and
 * the worker names the shard's copy of the constraint (its name and `_<shard id>`).
 */
const SHARD_CONSTRAINT = /violates (?:unique|foreign key|check) constraint "(.+)_\d+"/;

/** SQLSTATE and constraint of a PostgreSQL error, whether raw from pg or wrapped by TypeORM's QueryFailedError. */
function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; message?: string; driverError?: { code?: string; constraint?: string; message?: string } };
  const code = e?.driverError?.code ?? e?.code;
  const constraint = e?.driverError?.constraint ?? e?.constraint ?? SHARD_CONSTRAINT.exec(e?.driverError?.message ?? e?.message ?? '')?.[1];
  return { code, constraint };
}

/** The SQLSTATE of a database error (`40001`, `57014`, ...), or undefined for any other error. */
export function sqlStateOf(err: unknown): string | undefined {
  return pgError(err).code;
}

/** The unique index a unique violation (23505) hit, or undefined for any other error. */
export function uniqueViolationOf(err: unknown): string | undefined {
  const { code, constraint } = pgError(err);
  return code === '23505' ? constraint : undefined;
}

/** The foreign key a foreign-key violation (23503) hit, or undefined for any other error. */
export function foreignKeyViolationOf(err: unknown): string | undefined {
  const { code, constraint } = pgError(err);
  return code === '23503' ? constraint : undefined;
}

/** Runs `work`; a unique violation of `index` becomes the error `taken` makes, any other error passes. */
export async function withUniqueViolation<T>(index: string, taken: () => Error, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolationOf(err) === index) throw taken();
    throw err;
  }
}
