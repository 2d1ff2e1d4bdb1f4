import { LookupAddress } from 'dns';
import { guardedLookup } from './guarded-lookup';

function fakeResolver(answers: Record<string, LookupAddress[]>) {
  return (host: string, _options: unknown, cb: (err: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) => {
    const found = answers[host];
    if (!found) {
      const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${host}`);
      err.code = 'ENOTFOUND';
      return cb(err, []);
    }
    cb(null, found);
  };
}

function run(host: string, all: boolean, answers: Record<string, LookupAddress[]>) {
  return new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) => {
    guardedLookup(fakeResolver(answers))(host, { all }, (err, address, family) => resolve({ err, address, family }));
  });
}

describe('guardedLookup', () => {
  const answers = {
    'public.example': [{ address: '93.184.216.34', family: 4 }],
    'dual.example': [
      { address: '2606:4700::1', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ],
    'internal.example': [{ address: '10.0.0.7', family: 4 }],
    'mixed.example': [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ],
  };

  it('passes public answers through in both callback shapes', async () => {
    expect(await run('public.example', false, answers)).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect(await run('dual.example', true, answers)).toEqual({ err: null, address: answers['dual.example'], family: undefined });
  });

  it('refuses a name resolving to a private address', async () => {
    const { err } = await run('internal.example', false, answers);
    expect(err?.code).toBe('ENONPUBLIC');
    expect(err?.message).toBe('internal.example resolves to 10.0.0.7, a non-public address');
  });

  it('refuses when any of the answers is non-public', async () => {
    const { err } = await run('mixed.example', true, answers);
    expect(err?.code).toBe('ENONPUBLIC');
    expect(err?.message).toBe('mixed.example resolves to ::1, a non-public address');
  });

  it('passes resolver errors on', async () => {
    const { err } = await run('nowhere.example', false, answers);
    expect(err?.code).toBe('ENOTFOUND');
  });
});
