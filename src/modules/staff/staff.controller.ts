import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { InviteMemberDto } from './dto/invite-member.dto';
import { ListStaffQuery } from './dto/list-staff.query';
import { UpdateMemberDto } from './dto/update-member.dto';
import { StaffMemberJson } from './staff.mapper';
import { StaffService } from './staff.service';

@ApiTags('staff')
@ApiBearerAuth()
@Controller('staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Get()
  @RequiresScope('admin')
  @Endpoint({ summary: "List the business's members, newest first", response: StaffMemberJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListStaffQuery) {
    return this.staff.list(biz, query);
  }

  @Post()
  @HttpCode(201)
  @RequiresScope('admin')
  @Endpoint({
    idempotent: true,
    summary: 'Invite a person by email with a role: the membership is `invited` and an invitation link (valid 72 h) is mailed',
    description:
      'An email that is already a user of the service (of any business) adds a membership to that user; one already a member of this business is 409 ALREADY_MEMBER.',
    status: 201,
    response: StaffMemberJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'ALREADY_MEMBER', 'UNKNOWN_ROLE'],
  })
  invite(@CurrentBusiness() biz: BusinessContext, @Body() dto: InviteMemberDto) {
    return this.staff.invite(biz, dto);
  }

  @Patch(':id')
  @RequiresScope('admin')
  @Endpoint({
    summary: "Change a member's role or status (active, disabled); a role change or disabling ends the member's sessions in the business",
    response: StaffMemberJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'UNKNOWN_ROLE', 'LAST_OWNER', 'INVALID_STATUS_TRANSITION'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateMemberDto) {
    return this.staff.update(biz, id, dto);
  }

  @Post(':id/invite')
  @HttpCode(202)
  @RequiresScope('admin')
  @Endpoint({
    idempotent: true,
    summary: 'Mail the invitation again, with a new link (the earlier one stops working); only while the member is `invited`',
    status: 202,
    response: StaffMemberJson,
    body: true,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'NOT_INVITED'],
  })
  resend(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.staff.resend(biz, id);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequiresScope('admin')
  @Endpoint({
    summary: "Remove a member from the business (the user's sessions of the business end)",
    status: 204,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'LAST_OWNER'],
  })
  remove(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.staff.remove(biz, id);
  }
}
