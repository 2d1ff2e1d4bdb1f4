import { PartialType } from '@nestjs/swagger';
import { CreateRoleDto } from './create-role.dto';

/** PUT /roles/:id: what is sent changes, the rest stays. */
export class UpdateRoleDto extends PartialType(CreateRoleDto) {}
