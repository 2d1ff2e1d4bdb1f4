import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SessionContext, SessionLookup } from '../../common/auth/session-lookup';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { onCitus } from '../../database/citus';
import { runStatement } from '../../database/run-statement';
import { findActiveMember, findLiveSession, findLiveSessionAlone, SessionRow, touchSession } from './persistence/sessions.sql';
import { scopesOfMember } from './member-scopes';

/**
 * EarlyAuthentication's session lookup: one statement per request, no cache (docs/security.md,
 * "Sessions"): an ended session, a disabled member or a changed role is seen by the next request in
 * every process, with nothing to notify.
 */
@Injectable()
export class SessionLookupStore extends SessionLookup {
  private readonly idleMinutes: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.idleMinutes = config.sessionIdleMinutes;
  }

  async find(tokenHash: string): Promise<SessionContext | undefined> {
    const [row] = onCitus() ? await this.findOnCitus(tokenHash) : await runStatement(this.dataSource, findLiveSession, [tokenHash, this.idleMinutes]);
    return row && sessionContext(row);
  }

  /** findLiveSession's answer in three statements (sessions.sql.ts, findLiveSessionAlone). */
  private async findOnCitus(tokenHash: string): Promise<SessionRow[]> {
    const [session] = await runStatement(this.dataSource, findLiveSessionAlone, [tokenHash, this.idleMinutes]);
    if (!session) return [];
    const [member] = await runStatement(this.dataSource, findActiveMember, [session.businessId, session.userId]);
    if (!member) return [];
    if (session.stale) await runStatement(this.dataSource, touchSession, [session.sessionId]);
    const { sessionId, userId, csrfToken, userName, twoFactor } = session;
    return [{ sessionId, userId, csrfToken, userName, twoFactor, ...member }];
  }
}

function sessionContext(row: SessionRow): SessionContext {
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    csrfToken: row.csrfToken,
    twoFactor: row.twoFactor,
    requireTwoFactor: row.requireTwoFactor,
    business: {
      id: row.id,
      name: row.name,
      currency: row.currency,
      timezone: row.timezone,
      keyId: '',
      keyName: row.userName,
      scopes: scopesOfMember(row.builtInRole, row.roleScopes),
      actor: { type: 'staff', id: row.memberId, name: row.userName },
    },
  };
}
