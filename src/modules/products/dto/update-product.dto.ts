import { ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import { CreateProductDto } from './create-product.dto';
import { OptionalNotNull } from '../../../common/validation/decorators';

/**
 * A partial update of the create fields plus is_active. `skipNullProperties: false`: an absent field
 * is left alone, but null is validated like any value, so only the nullable fields accept it (to clear them).
 */
export class UpdateProductDto extends PartialType(CreateProductDto, { skipNullProperties: false }) {
  @OptionalNotNull()
  @IsBoolean()
  @ApiPropertyOptional()
  is_active?: boolean;
}
