import { PartialType } from '@nestjs/swagger';
import { CreateCategoryDto } from './create-category.dto';

/** A partial update of the create fields: an absent field is left alone, null clears `description` only. */
export class UpdateCategoryDto extends PartialType(CreateCategoryDto, { skipNullProperties: false }) {}
