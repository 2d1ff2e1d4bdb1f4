import { PartialType } from '@nestjs/swagger';
import { CreateTaxRateDto } from './create-tax-rate.dto';

/** A partial update: an absent field is left alone. A new name or rate applies to orders taken after it. */
export class UpdateTaxRateDto extends PartialType(CreateTaxRateDto, { skipNullProperties: false }) {}
