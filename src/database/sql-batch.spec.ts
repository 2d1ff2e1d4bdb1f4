import { SqlBatch } from './sql-batch';

describe('SqlBatch', () => {
  it('numbers parameters across parts and joins the parts into one WITH statement', () => {
    const batch = new SqlBatch();
    const a = batch.param('biz', 'uuid');
    batch.add('one', `SELECT ${a} AS id`);
    const b = batch.param(5);
    batch.add('two', `SELECT id, ${b} AS n FROM one`);
    expect(batch.sql('SELECT * FROM two')).toBe('WITH one AS (SELECT $1::uuid AS id),\ntwo AS (SELECT id, $2 AS n FROM one)\nSELECT * FROM two');
    expect(batch.has('one')).toBe(true);
    expect(batch.has('three')).toBe(false);
  });

  it('is just the select when empty, and refuses a part name twice', () => {
    const batch = new SqlBatch();
    expect(batch.isEmpty).toBe(true);
    expect(batch.sql('SELECT 2')).toBe('SELECT 2');
    batch.add('x', 'SELECT 1');
    expect(() => batch.add('x', 'SELECT 2')).toThrow('exists already');
  });
});
