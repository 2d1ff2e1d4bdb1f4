import { DomainError } from '../errors/domain-error';
import { ListFilter } from './list-query';

describe('ListFilter', () => {
  it('scopes by business and numbers each given filter', () => {
    const f = new ListFilter('s.business_id', 'B').equals('s.customer_id', 'C').equals('s.status', 'completed');
    expect(f.sql).toBe('s.business_id = $1 AND s.customer_id = $2 AND s.status = $3');
    expect(f.params).toEqual(['B', 'C', 'completed']);
  });

  it('leaves out absent values (undefined, null, empty text) but keeps false and 0', () => {
    const f = new ListFilter('business_id', 'B')
      .equals('a', undefined)
      .equals('b', null)
      .equals('c', '')
      .equals('d', false)
      .equals('e', 0);
    expect(f.sql).toBe('business_id = $1 AND d = $2 AND e = $3');
    expect(f.params).toEqual(['B', false, 0]);
  });

  it('where() builds any condition on the placeholder', () => {
    const f = new ListFilter('business_id', 'B').where('%x%', (p) => `name ILIKE ${p}`);
    expect(f.sql).toBe('business_id = $1 AND name ILIKE $2');
  });

  it('withinDates: inclusive bounds on a date column, each side optional', () => {
    expect(new ListFilter('business_id', 'B').withinDates('d', { from: '2026-01-01', to: '2026-01-31' }).sql).toBe(
      'business_id = $1 AND d >= $2::date AND d <= $3::date',
    );
    const onlyTo = new ListFilter('business_id', 'B').withinDates('d', { to: '2026-01-31' });
    expect([onlyTo.sql, onlyTo.params]).toEqual(['business_id = $1 AND d <= $2::date', ['B', '2026-01-31']]);
    expect(new ListFilter('business_id', 'B').withinDates('d', {}).params).toEqual(['B']);
  });

  it('withinLocalDates: local midnight of from to local midnight after to, the zone bound once', () => {
    const f = new ListFilter('i.business_id', 'B').withinLocalDates('i.created_at', { from: '2026-03-01', to: '2026-03-02' }, 'Pacific/Kiritimati');
    expect(f.sql).toBe(
      'i.business_id = $1 AND i.created_at >= (($3::date)::timestamp AT TIME ZONE $2) AND i.created_at < (($4::date + 1)::timestamp AT TIME ZONE $2)',
    );
    expect(f.params).toEqual(['B', 'Pacific/Kiritimati', '2026-03-01', '2026-03-02']);
  });

  it('withinLocalDates without dates binds no zone', () => {
    const f = new ListFilter('business_id', 'B').withinLocalDates('created_at', {}, 'UTC');
    expect([f.sql, f.params]).toEqual(['business_id = $1', ['B']]);
  });

  it.each([
    ['withinDates', (f: ListFilter) => f.withinDates('d', { from: '2026-02-01', to: '2026-01-31' })],
    ['withinLocalDates', (f: ListFilter) => f.withinLocalDates('d', { from: '2026-02-01', to: '2026-01-31' }, 'UTC')],
  ])('%s: from after to is 400 VALIDATION_FAILED on from', (_name, apply) => {
    let error: unknown;
    try {
      apply(new ListFilter('business_id', 'B'));
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'from', message: 'from must not be after to' }] });
  });

  it('accepts from equal to to', () => {
    expect(new ListFilter('business_id', 'B').withinDates('d', { from: '2026-01-31', to: '2026-01-31' }).params).toHaveLength(3);
  });
});
