import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** Categories are listed by name, paged like every list. */
export class ListCategoriesQuery extends PaginationQueryDto {}
