/**
 * Anything that runs parametrised SQL and resolves to the result rows: a Tx inside a unit of work, or
 * the DataSource (or an EntityManager) for reads outside one.
 */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<any[]>;
}
