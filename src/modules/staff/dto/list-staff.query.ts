import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** The business's members, newest first. */
export class ListStaffQuery extends PaginationQueryDto {}
