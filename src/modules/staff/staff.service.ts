import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { parseUuid } from '../../common/validation/decorators';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { endSessions } from '../auth/end-sessions';
import { MailDispatcher } from '../documents/mail/mail-dispatcher';
import { changesBetween } from '../../common/activity/activity-changes';
import { isBuiltInRole } from './built-in-roles';
import { InviteMemberDto } from './dto/invite-member.dto';
import { ListStaffQuery } from './dto/list-staff.query';
import { UpdateMemberDto } from './dto/update-member.dto';
import { BusinessMember } from './entities/business-member.entity';
import { Role } from './entities/role.entity';
import { StaffToken } from './entities/staff-token.entity';
import { User } from './entities/user.entity';
import { isActiveOwner, roleOfMember } from './member-roles';
import { queueInvitation } from './staff-invitations';
import { StaffMemberJson, toStaffMemberJson } from './staff.mapper';
import { findOrCreateUser } from './users';
import { activityOf } from '../../common/activity/activity-of';
import { lockStaffAccounts } from './persistence/staff-accounts-lock.sql';

type RoleColumns = Pick<BusinessMember, 'builtInRole' | 'roleId'>;

/**
 * The business's members (docs/api.md 19, admin scope): invite, change role or status, invite again,
 * remove. The last active owner stays: every change that could take one away locks the business's
 * active owners first (in id order), so two such changes run one after the other and the second sees
 * the first (409 LAST_OWNER). A role change, disabling or removing ends the user's sessions of the
 * business in the same transaction.
 */
@Injectable()
export class StaffService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly mail: MailDispatcher,
    @InjectRepository(BusinessMember) private readonly members: Repository<BusinessMember>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(biz: BusinessContext, query: ListStaffQuery): Promise<Paged<StaffMemberJson>> {
    const page = pageRequest(query);
    const [rows, total] = await this.withUserAndRole(this.members.createQueryBuilder('m'), biz.id)
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .offset(page.offset)
      .limit(page.limit)
      .getManyAndCount();
    return new Paged(
      rows.map((m) => toStaffMemberJson(m, twoFactorOf(m.user!))),
      total,
      page,
    );
  }

  async invite(biz: BusinessContext, dto: InviteMemberDto): Promise<StaffMemberJson> {
    const json = await this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const role = await this.resolveRole(tx, biz.id, dto.role);
      const user = await findOrCreateUser(tx, dto.email, dto.name);
      const inserted = await tx
        .getRepository(BusinessMember)
        .createQueryBuilder()
        .insert()
        .values({ businessId: biz.id, userId: user.id, ...role, status: 'invited' })
        .orIgnore()
        .returning('id')
        .execute();
      const memberId = (inserted.raw as { id: string }[])[0]?.id;
      if (!memberId) throw new DomainError('ALREADY_MEMBER', undefined, [{ field: 'email', email: user.email }]);
      await queueInvitation(tx, biz.id, memberId, user.id, user.email, this.config.mailMaxAttempts);
      tx.recordActivity(activityOf(biz, 'staff.invite', { type: 'staff', id: memberId, label: user.email }, null));
      return this.read(tx, biz.id, memberId);
    });
    this.mail.wake();
    return json;
  }

  update(biz: BusinessContext, id: string, dto: UpdateMemberDto): Promise<StaffMemberJson> {
    return this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const owners = await this.lockActiveOwners(tx, biz.id);
      const member = await this.lockMember(tx, biz.id, id);
      const role = dto.role === undefined ? { builtInRole: member.builtInRole, roleId: member.roleId } : await this.resolveRole(tx, biz.id, dto.role);
      const status = dto.status ?? member.status;
      if (status === 'active' && member.status === 'invited') {
        throw new DomainError('INVALID_STATUS_TRANSITION', 'An invited member becomes active by accepting the invitation', [{ from: 'invited', to: 'active' }]);
      }
      this.keepAnOwner(owners, member, isActiveOwner({ builtInRole: role.builtInRole, status }));
      const before = { role: roleOfMember(member).ref, status: member.status };
      const changes = changesBetween(before, { role: roleOfMember(role).ref, status });
      if (changes) {
        await tx.getRepository(BusinessMember).update({ id: member.id, businessId: biz.id }, { ...role, status, updatedAt: () => 'now()' });
        if (changes.role || status === 'disabled') await endSessions(tx, member.userId, biz.id);
        if (status === 'disabled') await this.cancelInvitations(tx, member.id);
        tx.recordActivity(activityOf(biz, 'staff.update', { type: 'staff', id: member.id, label: await this.emailOf(tx, member.userId) }, changes));
      }
      return this.read(tx, biz.id, member.id);
    });
  }

  /** Sends the invitation again (a new link; the earlier one stops working): 409 NOT_INVITED unless the member is `invited`. */
  async resend(biz: BusinessContext, id: string): Promise<StaffMemberJson> {
    const json = await this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const member = await this.lockMember(tx, biz.id, id);
      if (member.status !== 'invited') throw new DomainError('NOT_INVITED', undefined, [{ id: member.id, status: member.status }]);
      const email = await this.emailOf(tx, member.userId);
      await queueInvitation(tx, biz.id, member.id, member.userId, email, this.config.mailMaxAttempts);
      tx.recordActivity(activityOf(biz, 'staff.invite_resent', { type: 'staff', id: member.id, label: email }, null));
      return this.read(tx, biz.id, member.id);
    });
    this.mail.wake();
    return json;
  }

  /** Removes the membership (its invitation links with it); the user stays, a member of other businesses. */
  remove(biz: BusinessContext, id: string): Promise<void> {
    return this.uow.run(async (tx) => {
      await lockStaffAccounts(tx);
      const owners = await this.lockActiveOwners(tx, biz.id);
      const member = await this.lockMember(tx, biz.id, id);
      this.keepAnOwner(owners, member, false);
      const email = await this.emailOf(tx, member.userId);
      await endSessions(tx, member.userId, biz.id);
      await tx.getRepository(StaffToken).delete({ memberId: member.id });
      await tx.getRepository(BusinessMember).delete({ id: member.id, businessId: biz.id });
      tx.recordActivity(activityOf(biz, 'staff.remove', { type: 'staff', id: member.id, label: email }, null));
    });
  }

  /** A built-in role's name, or the id of one of the business's own roles (422 UNKNOWN_ROLE otherwise, another business's included). */
  private async resolveRole(tx: Tx, businessId: string, role: string): Promise<RoleColumns> {
    if (isBuiltInRole(role)) return { builtInRole: role, roleId: null };
    const id = parseUuid(role);
    const own = id ? await tx.getRepository(Role).findOneBy({ businessId, id }) : null;
    if (!own) throw new DomainError('UNKNOWN_ROLE', undefined, [{ field: 'role', role }]);
    return { builtInRole: null, roleId: own.id };
  }

  private lockActiveOwners(tx: Tx, businessId: string): Promise<BusinessMember[]> {
    return tx
      .getRepository(BusinessMember)
      .createQueryBuilder('m')
      .where("m.businessId = :businessId AND m.builtInRole = 'owner' AND m.status = 'active'", { businessId })
      .orderBy('m.id')
      .setLock('pessimistic_write')
      .getMany();
  }

  private async lockMember(tx: Tx, businessId: string, id: string): Promise<BusinessMember> {
    const member = await tx
      .getRepository(BusinessMember)
      .createQueryBuilder('m')
      .where('m.id = :id AND m.businessId = :businessId', { id, businessId })
      .setLock('pessimistic_write')
      .getOne();
    if (!member) throw DomainError.notFound('Member');
    return member;
  }

  /** 409 LAST_OWNER when `member` is the last active owner and would no longer be one. */
  private keepAnOwner(activeOwners: BusinessMember[], member: BusinessMember, stillActiveOwner: boolean): void {
    if (!isActiveOwner(member) || stillActiveOwner) return;
    if (activeOwners.filter((o) => o.id !== member.id).length === 0) throw new DomainError('LAST_OWNER', undefined, [{ id: member.id, active_owners: 1 }]);
  }

  private async cancelInvitations(tx: Tx, memberId: string): Promise<void> {
    await tx.getRepository(StaffToken).update({ memberId, usedAt: IsNull() }, { usedAt: () => 'now()' });
  }

  private async emailOf(tx: Tx, userId: string): Promise<string> {
    return (await tx.getRepository(User).findOneByOrFail({ id: userId })).email;
  }

  private async read(tx: Tx, businessId: string, id: string): Promise<StaffMemberJson> {
    const member = await this.withUserAndRole(tx.getRepository(BusinessMember).createQueryBuilder('m'), businessId)
      .andWhere('m.id = :id', { id })
      .getOneOrFail();
    return toStaffMemberJson(member, twoFactorOf(member.user!));
  }

  private withUserAndRole(qb: ReturnType<Repository<BusinessMember>['createQueryBuilder']>, businessId: string) {
    return qb.innerJoinAndSelect('m.user', 'u').leftJoinAndSelect('m.role', 'r').where('m.businessId = :businessId', { businessId });
  }
}

function twoFactorOf(user: User): boolean {
  return user.twoFactorEnabledAt !== null;
}
