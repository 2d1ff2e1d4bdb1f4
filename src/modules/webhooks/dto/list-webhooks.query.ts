import { PaginationQueryDto } from '../../../common/pagination/pagination';

/** GET /webhooks: a page, newest first; no filters. */
export class ListWebhooksQuery extends PaginationQueryDto {}
