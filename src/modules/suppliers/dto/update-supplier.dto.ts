import { PartialType } from '@nestjs/swagger';
import { CreateSupplierDto } from './create-supplier.dto';

/** A partial update of the create fields: an absent field is left alone, null clears an optional one. */
export class UpdateSupplierDto extends PartialType(CreateSupplierDto, { skipNullProperties: false }) {}
