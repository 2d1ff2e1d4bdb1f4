import { Tx } from '../../database/transaction';
import { User } from './entities/user.entity';

/**
 * The user of this email (compared case-insensitively: one user per email in the whole service), made
 * with `name` when there is none; a concurrent invitation of the same email finds the same user
 * (INSERT ... ON CONFLICT DO NOTHING on users_email_uq, then the read).
 */
export async function findOrCreateUser(tx: Tx, email: string, name: string): Promise<User> {
  const repo = tx.getRepository(User);
  await repo.createQueryBuilder().insert().values({ email, name }).orIgnore().execute();
  return repo.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOneOrFail();
}

export function findUserByEmail(tx: Tx, email: string): Promise<User | null> {
  return tx.getRepository(User).createQueryBuilder('u').addSelect('u.passwordHash').where('lower(u.email) = lower(:email)', { email }).getOne();
}
