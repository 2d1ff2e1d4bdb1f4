import { IsOptional, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { IsCustomerName, IsNotes, IsPhone } from './customer-fields';

/** A customer entered by hand: a name, an email or a phone at least (each unique per business). */
export class CreateCustomerDto {
  @ValidateIf((o: CreateCustomerDto) => o.name !== undefined || (o.email === undefined && o.phone === undefined))
  @IsCustomerName({ message: ({ property }) => `${property} is required (or an email or a phone) as a string of at most 200 characters` })
  name?: string;

  @IsOptional()
  @IsEmailAddress()
  email?: string;

  @IsOptional()
  @IsPhone()
  phone?: string;

  @IsOptional()
  @IsNotes()
  notes?: string;
}
