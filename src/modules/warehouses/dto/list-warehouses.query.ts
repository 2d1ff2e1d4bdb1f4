import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** The default warehouse first, then by name. */
export class ListWarehousesQuery extends PaginationQueryDto {}
