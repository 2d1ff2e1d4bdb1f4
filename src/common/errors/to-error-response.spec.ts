import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { DomainError } from './domain-error';
import { toErrorResponse } from './to-error-response';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('toErrorResponse: database unavailability is 503, never 500', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'a refused connection to every address of a host',
      Object.assign(new AggregateError([withCode('x', 'ECONNREFUSED'), withCode('y', 'ECONNREFUSED')], ''), {}),
    ],
    ['an administrator shutdown (57P01)', new QueryFailedError('SELECT 1', [], withCode('terminating connection due to administrator command', '57P01'))],
    ['a server starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a client after its connection failed', new Error('Client has encountered a connection error and is not queryable')],
    ['a transaction whose connection was terminated between statements', new QueryRunnerAlreadyReleasedError()],
  ])('%s', (_label, err) => {
    expect(toErrorResponse(err)).toEqual({ code: 'SERVICE_UNAVAILABLE' });
  });

  it.each([
    ['a NUL byte in text (22021)', '22021'],
    ['a NUL escape in jsonb (22P05)', '22P05'],
    ['a numeric overflow (22003)', '22003'],
  ])("%s is the client's malformed value: 400", (_label, code) => {
    const err = new QueryFailedError('INSERT ...', [], withCode('invalid value', code));
    expect(toErrorResponse(err)).toEqual({ code: 'VALIDATION_FAILED', message: 'A value is out of range or malformed' });
  });

  it('keeps domain errors and treats anything else as unexpected', () => {
    expect(toErrorResponse(new DomainError('NOT_FOUND'))).toEqual({ code: 'NOT_FOUND', message: 'Resource not found', details: undefined });
    expect(toErrorResponse(new TypeError('x is undefined'))).toEqual({ code: 'INTERNAL_ERROR', unexpected: true });
    expect(toErrorResponse(new AggregateError([new Error('a')], 'b'))).toEqual({ code: 'INTERNAL_ERROR', unexpected: true });
  });
});
