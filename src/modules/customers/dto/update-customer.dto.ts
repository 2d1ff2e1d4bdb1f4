import { IsOptional } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/decorators';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { IsCustomerName, IsNotes, IsPhone } from './customer-fields';

/** A partial update: absent fields stay, `null` clears email, phone or notes. */
export class UpdateCustomerDto {
  @OptionalNotNull()
  @IsCustomerName()
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  email?: string | null;

  @IsOptional()
  @IsPhone()
  phone?: string | null;

  @IsOptional()
  @IsNotes()
  notes?: string | null;
}
