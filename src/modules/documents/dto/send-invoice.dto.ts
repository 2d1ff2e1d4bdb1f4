import { IsOptional } from 'class-validator';
import { IsCustomerEmail } from '../../customers/dto/customer-fields';

/** POST /invoices/:id/send: the recipient, default the invoice's customer's email. One address, nothing else (no name, no list, no CR/LF). */
export class SendInvoiceDto {
  @IsOptional()
  @IsCustomerEmail()
  to?: string;
}
