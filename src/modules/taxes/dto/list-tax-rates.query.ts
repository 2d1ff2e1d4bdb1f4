import { PaginationQueryDto } from '../../../common/pagination/pagination';
import { QueryBool } from '../../../common/validation/decorators';

/** Active rates by name; `include_archived=true` lists the archived ones too. */
export class ListTaxRatesQuery extends PaginationQueryDto {
  @QueryBool()
  include_archived?: boolean;
}
