import { IsOptional, ValidateIf } from 'class-validator';
import { IsCustomerEmail, IsCustomerName, IsNotes, IsPhone } from './customer-fields';

/** A partial update: absent fields stay, `null` clears email, phone or notes. */
export class UpdateCustomerDto {
  @ValidateIf((o: UpdateCustomerDto) => o.name !== undefined)
  @IsCustomerName()
  name?: string;

  @IsOptional()
  @IsCustomerEmail()
  email?: string | null;

  @IsOptional()
  @IsPhone()
  phone?: string | null;

  @IsOptional()
  @IsNotes()
  notes?: string | null;
}
