import { IsOptional } from 'class-validator';
import { IsEmailAddress } from '../../../common/validation/email-address';

/** POST /invoices/:id/send: the recipient, default the invoice's customer's email. One address, nothing else (no name, no list, no CR/LF). */
export class SendInvoiceDto {
  @IsOptional()
  @IsEmailAddress()
  to?: string;
}
