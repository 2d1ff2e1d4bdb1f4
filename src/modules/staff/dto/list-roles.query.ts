import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** The built-in roles first (owner, manager, cashier, clerk, accountant), then the business's own by name. */
export class ListRolesQuery extends PaginationQueryDto {}
