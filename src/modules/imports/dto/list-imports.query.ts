import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** GET /imports: newest first. */
export class ListImportsQuery extends PaginationQueryDto {}
