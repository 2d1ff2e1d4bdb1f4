import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { IsUuid, MaxItems, OptionalNotNull, OptionalNullable } from '../../../common/validation/decorators';
import { IsMultiLine, IsSingleLine } from '../../../common/validation/text-fields';
import { IsEmailAddress } from '../../../common/validation/email-address';
import { IsPhone } from '../../customers/dto/customer-fields';

export const MAX_ADDRESS_LINES = 5;

/**
 * PUT /business (docs/api.md 17): a partial update of the name and the letterhead; an absent field is
 * left alone, null clears it. `currency` and `timezone` are not fields here, so sending them is a 400
 * (unknown field). Every field that can reach a mail header (name, address, contact) is one line.
 */
export class UpdateBusinessDto {
  @OptionalNotNull()
  @IsSingleLine(200, 'Corner Coffee')
  name?: string;

  @OptionalNullable()
  @IsSingleLine(200, 'Corner Coffee GmbH')
  legal_name?: string | null;

  @OptionalNullable()
  @MaxItems(MAX_ADDRESS_LINES, 'lines')
  @IsSingleLine(200, undefined, { each: true })
  @ApiPropertyOptional({ type: [String], maxItems: MAX_ADDRESS_LINES, nullable: true, example: ['Hauptstraße 1', '10115 Berlin', 'Germany'] })
  address_lines?: string[] | null;

  @OptionalNullable()
  @IsSingleLine(64, 'DE123456789')
  tax_id?: string | null;

  @OptionalNullable()
  @IsEmailAddress()
  email?: string | null;

  @OptionalNullable()
  @IsPhone()
  phone?: string | null;

  @OptionalNullable()
  @IsMultiLine(1000, 'Thank you for your business.')
  invoice_footer?: string | null;

  /** docs/api.md 21: printed at the foot of its till receipts */
  @OptionalNullable()
  @IsMultiLine(1000, 'Thank you for shopping with us!')
  receipt_footer?: string | null;

  /** docs/api.md 19: members without two-factor get 403 TWO_FACTOR_SETUP_REQUIRED outside /auth/* until they enable it */
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional({ example: true })
  require_two_factor?: boolean;

  /** docs/api.md 22: prices include tax; applies to orders taken after the change */
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional({ example: false })
  prices_include_tax?: boolean;

  /** docs/api.md 22: the active tax rate shipping is taxed at; null: shipping untaxed (422 UNKNOWN_TAX_RATE for another's or an archived one) */
  @OptionalNullable()
  @IsUuid()
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  shipping_tax_rate_id?: string | null;
}
