import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** Suppliers are listed by name, paged like every list. */
export class ListSuppliersQuery extends PaginationQueryDto {}
