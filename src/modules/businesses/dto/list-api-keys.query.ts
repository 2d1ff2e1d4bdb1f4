import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** The business's keys, newest first, revoked ones included, paged like every list. */
export class ListApiKeysQuery extends PaginationQueryDto {}
