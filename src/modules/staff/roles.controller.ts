import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateRoleDto } from './dto/create-role.dto';
import { ListRolesQuery } from './dto/list-roles.query';
import { UpdateRoleDto } from './dto/update-role.dto';
import { RoleJson } from './roles.mapper';
import { RolesService } from './roles.service';

@ApiTags('staff')
@ApiBearerAuth()
@Controller('roles')
export class RolesController {
  constructor(private readonly roles: RolesService) {}

  @Get()
  @RequiresScope('admin')
  @Endpoint({
    summary: "List the roles: the built-in ones (id null) first, then the business's own by name, each with its scopes",
    response: RoleJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListRolesQuery) {
    return this.roles.list(biz, query);
  }

  @Post()
  @HttpCode(201)
  @RequiresScope('admin')
  @Endpoint({
    idempotent: true,
    summary: 'Create a role of the business: a name (unique, case-insensitively, built-in names included) and its scopes',
    status: 201,
    response: RoleJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'ROLE_EXISTS'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateRoleDto) {
    return this.roles.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('admin')
  @Endpoint({
    summary: "Rename a role or change its scopes; a change of scopes ends its members' sessions in the business",
    response: RoleJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'ROLE_EXISTS'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateRoleDto) {
    return this.roles.update(biz, id, dto);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequiresScope('admin')
  @Endpoint({
    summary: 'Delete a role no member holds',
    status: 204,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'ROLE_IN_USE'],
  })
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.roles.remove(biz, id);
  }
}
