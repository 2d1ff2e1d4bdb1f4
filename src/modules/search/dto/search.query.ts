import { ApiProperty } from '@nestjs/swagger';
import { IsString } from 'class-validator';
import { Trim } from '../../../common/validation/decorators';
import { CharLength } from '../../../common/validation/text-length';

/** The longest query: a long product name or an email with room to spare. */
export const MAX_QUERY_CHARS = 100;

export class SearchQuery {
  /** Trimmed, then 2 to 100 characters. */
  @Trim()
  @IsString()
  @CharLength(2, MAX_QUERY_CHARS)
  @ApiProperty({
    description:
      'what to find, 2 to 100 characters after trimming; case-insensitive, `%` and `_` match literally: an order or invoice number prefix (`S-004`, `INV-12`, or its digits: `0042`), a product name (anywhere), SKU or barcode (prefix), a customer name or email (anywhere) or phone (the digits at the start of the number or of one of its groups), a supplier name (anywhere)',
    example: 'S-0042',
  })
  q: string;
}
