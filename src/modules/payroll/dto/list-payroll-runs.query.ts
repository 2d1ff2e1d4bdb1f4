import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** GET /payroll/runs: newest first. */
export class ListPayrollRunsQuery extends PaginationQueryDto {}
