import { IsOptional } from 'class-validator';
import { IsEmailAddress } from '../../../common/validation/email-address';

/** POST /orders/:id/receipt/send: the recipient, default the order's customer's email. One address, nothing else (no name, no list, no CR/LF). */
export class SendReceiptDto {
  @IsOptional()
  @IsEmailAddress()
  to?: string;
}
