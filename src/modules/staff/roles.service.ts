import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { foreignKeyViolationOf, uniqueViolationOf } from '../../common/errors/pg-errors';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { endSessions } from '../auth/end-sessions';
import { changesBetween } from '../../common/activity/activity-changes';
import { BUILT_IN_ROLES, BuiltInRoleName, isBuiltInRole } from './built-in-roles';
import { CreateRoleDto } from './dto/create-role.dto';
import { ListRolesQuery } from './dto/list-roles.query';
import { UpdateRoleDto } from './dto/update-role.dto';
import { BusinessMember } from './entities/business-member.entity';
import { Role } from './entities/role.entity';
import { RoleJson, toBuiltInRoleJson, toRoleJson } from './roles.mapper';
import { activityOf } from '../../common/activity/activity-of';

const ROLE_NAME_INDEX = 'roles_business_name_uq';
const BUILT_IN_NAMES = Object.keys(BUILT_IN_ROLES) as BuiltInRoleName[];

const roleExists = (name: string) => new DomainError('ROLE_EXISTS', `A role named "${name}" already exists`, [{ field: 'name', name }]);

/**
 * A business's own roles (docs/api.md 19, admin scope). A change of a role's scopes ends the sessions
 * its members hold in the business (their next request signs in again with the new scopes), in the
 * same transaction as the change; so does nothing else a role changes (its name is only a label).
 */
@Injectable()
export class RolesService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Role) private readonly roles: Repository<Role>,
  ) {}

  /** The built-in roles (fixed order), then the business's own by name: one page of that list. */
  async list(biz: BusinessContext, query: ListRolesQuery): Promise<Paged<RoleJson>> {
    const page = pageRequest(query);
    const builtIn = BUILT_IN_NAMES.slice(page.offset, page.offset + page.limit).map(toBuiltInRoleJson);
    const ownOffset = Math.max(0, page.offset - BUILT_IN_NAMES.length);
    const qb = this.roles.createQueryBuilder('r').where('r.businessId = :businessId', { businessId: biz.id });
    const remaining = page.limit - builtIn.length;
    const [own, ownTotal] = await Promise.all([
      remaining > 0 ? qb.clone().orderBy('lower(r.name)').addOrderBy('r.id').offset(ownOffset).limit(remaining).getMany() : Promise.resolve([]),
      qb.clone().getCount(),
    ]);
    const items = [...builtIn, ...own.map(toRoleJson)];
    return new Paged(items, BUILT_IN_NAMES.length + ownTotal, page);
  }

  async create(biz: BusinessContext, dto: CreateRoleDto): Promise<RoleJson> {
    if (isBuiltInRole(dto.name.toLowerCase())) throw roleExists(dto.name);
    return this.mapUniqueName(dto.name, () =>
      this.uow.run(async (tx) => {
        const inserted = await tx.getRepository(Role).insert({ businessId: biz.id, name: dto.name, scopes: dto.scopes });
        const role = await tx.getRepository(Role).findOneByOrFail({ id: inserted.identifiers[0].id as string });
        tx.recordActivity(activityOf(biz, 'roles.create', { type: 'role', id: role.id, label: role.name }, null));
        return toRoleJson(role);
      }),
    );
  }

  update(biz: BusinessContext, id: string, dto: UpdateRoleDto): Promise<RoleJson> {
    if (dto.name !== undefined && isBuiltInRole(dto.name.toLowerCase())) throw roleExists(dto.name);
    return this.mapUniqueName(dto.name ?? '', () =>
      this.uow.run(async (tx) => {
        const role = await this.lockRole(tx, biz.id, id);
        const after = { name: dto.name ?? role.name, scopes: dto.scopes ?? role.scopes };
        const changes = changesBetween({ name: role.name, scopes: role.scopes }, after);
        if (changes) {
          await tx.getRepository(Role).update({ id: role.id, businessId: biz.id }, { ...after, updatedAt: () => 'now()' });
          if (changes.scopes) await this.endMembersSessions(tx, biz.id, role.id);
          tx.recordActivity(activityOf(biz, 'roles.update', { type: 'role', id: role.id, label: after.name }, changes));
        }
        return toRoleJson(await tx.getRepository(Role).findOneByOrFail({ id: role.id }));
      }),
    );
  }

  /** 409 ROLE_IN_USE while a member holds it (also one added concurrently: the members' foreign key refuses the delete). */
  async remove(biz: BusinessContext, id: string): Promise<void> {
    try {
      await this.uow.run(async (tx) => {
        const role = await this.lockRole(tx, biz.id, id);
        const members = await tx.getRepository(BusinessMember).countBy({ businessId: biz.id, roleId: role.id });
        if (members > 0) throw new DomainError('ROLE_IN_USE', undefined, [{ role_id: role.id, members }]);
        await tx.getRepository(Role).delete({ id: role.id, businessId: biz.id });
        tx.recordActivity(activityOf(biz, 'roles.delete', { type: 'role', id: role.id, label: role.name }, null));
      });
    } catch (err) {
      if (foreignKeyViolationOf(err) === 'business_members_role_id_fkey') throw new DomainError('ROLE_IN_USE', undefined, [{ role_id: id }]);
      throw err;
    }
  }

  private async lockRole(tx: Tx, businessId: string, id: string): Promise<Role> {
    await findInBusiness(tx.getRepository(Role), businessId, id, 'Role');
    return tx
      .getRepository(Role)
      .createQueryBuilder('r')
      .where('r.id = :id AND r.businessId = :businessId', { id, businessId })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  private async endMembersSessions(tx: Tx, businessId: string, roleId: string): Promise<void> {
    const members = await tx.getRepository(BusinessMember).find({ select: { userId: true }, where: { businessId, roleId } });
    for (const member of members) await endSessions(tx, member.userId, businessId);
  }

  private async mapUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolationOf(err) === ROLE_NAME_INDEX) throw roleExists(name);
      throw err;
    }
  }
}
