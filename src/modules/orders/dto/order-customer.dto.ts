import { IsOptional, ValidateIf } from 'class-validator';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { IsCustomerName, IsPhone } from '../../customers/dto/customer-fields';

/** The customer of an order: found by email, then phone, or created; one of the two is needed. */
export class OrderCustomerDto {
  @IsOptional()
  @IsCustomerName()
  name?: string;

  @ValidateIf((o: OrderCustomerDto) => o.email !== undefined || o.phone === undefined)
  @IsEmailAddress({ message: ({ property }) => `${property} must be an email address (a customer needs an email or a phone)` })
  email?: string;

  @IsOptional()
  @IsPhone()
  phone?: string;
}
