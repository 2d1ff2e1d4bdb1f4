import { hashPassword, passwordProblem, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with Argon2id at 19 MiB and 2 iterations, and verifies only the same password', async () => {
    const stored = await hashPassword('a long enough passphrase');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(verifyPassword(stored, 'a long enough passphrase')).resolves.toBe(true);
    await expect(verifyPassword(stored, 'a long enough passphrasE')).resolves.toBe(false);
  });

  it('answers false without a stored hash, after verifying a decoy', async () => {
    await expect(verifyPassword(null, 'whatever it is')).resolves.toBe(false);
  });

  it('refuses short, long, common and email-equal passwords, counting characters', () => {
    expect(passwordProblem('short', 'a@b.test')).toMatch(/at least 10/);
    expect(passwordProblem('😀'.repeat(10), 'a@b.test')).toBeUndefined();
    expect(passwordProblem('x'.repeat(129), 'a@b.test')).toMatch(/at most 128/);
    expect(passwordProblem('Qwertyuiop', 'a@b.test')).toMatch(/common/);
    expect(passwordProblem('password123', 'a@b.test')).toMatch(/common/);
    expect(passwordProblem('Ann@Shop.test', 'ann@shop.test')).toMatch(/email/);
    expect(passwordProblem('plum cactus ferry 42', 'a@b.test')).toBeUndefined();
  });
});
