import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentsModule } from '../documents/documents.module';
import { BusinessMember } from './entities/business-member.entity';
import { Role } from './entities/role.entity';
import { StaffToken } from './entities/staff-token.entity';
import { User } from './entities/user.entity';
import { AccountController } from './account.controller';
import { AccountService } from './account.service';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';
import { StaffMailComposer } from './staff-mail.composer';
import { StaffController } from './staff.controller';
import { StaffService } from './staff.service';

/**
 * Staff accounts (docs/api.md 19): the business's own roles, its members and their invitations, and
 * the links people get by mail (accept an invitation, reset a password). Its mails travel in the
 * documents module's outbox (StaffMailComposer registers their kinds).
 */
@Module({
  imports: [TypeOrmModule.forFeature([User, Role, BusinessMember, StaffToken]), DocumentsModule],
  controllers: [RolesController, StaffController, AccountController],
  providers: [RolesService, StaffService, StaffMailComposer, AccountService],
})
export class StaffModule {}
