import { ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { OptionalNotNull } from '../../../common/validation/decorators';
import { CreateWarehouseDto } from './create-warehouse.dto';

/**
 * A partial update of name and address (an absent field is left alone, null clears `address` only),
 * plus is_default, whose update rule differs from the create's default (false) and is declared here.
 */
export class UpdateWarehouseDto extends PartialType(OmitType(CreateWarehouseDto, ['is_default'] as const), { skipNullProperties: false }) {
  /**
   * true makes this the default warehouse (the previous default stops being one). false is only
   * accepted on a warehouse that is not the default: make another one the default instead.
   */
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional()
  is_default?: boolean;
}
