import { QueryInt } from '../validation/decorators';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;

/** `page` >= 1 (default 1), `per_page` 1..100 (default 20). Query DTOs of list endpoints extend it. */
export class PaginationQueryDto {
  @QueryInt(1, 1_000_000)
  page?: number;

  @QueryInt(1, MAX_PER_PAGE)
  per_page?: number;
}

export interface PageRequest {
  page: number;
  perPage: number;
  limit: number;
  offset: number;
}

export function pageRequest(query: PaginationQueryDto): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { page, perPage, limit: perPage, offset: (page - 1) * perPage };
}

/** A page of results; the HTTP adapter's envelope (common/http/envelope.ts) makes it `{success, data, meta}`. */
export class Paged<T> {
  constructor(
    readonly items: T[],
    readonly total: number,
    readonly page: PageRequest,
  ) {}

  get meta() {
    return {
      page: this.page.page,
      per_page: this.page.perPage,
      total: this.total,
      total_pages: Math.ceil(this.total / this.page.perPage),
    };
  }

  map<U>(fn: (item: T) => U): Paged<U> {
    return new Paged(this.items.map(fn), this.total, this.page);
  }
}

/**
 * A page of a list paged by cursor (the activity log): `meta.next` is the cursor of the next page (the
 * last item's id), or null on the last page. The envelope makes it `{success, data, meta: {next}}`.
 */
export class CursorPaged<T> {
  constructor(
    readonly items: T[],
    readonly next: string | null,
  ) {}

  get meta() {
    return { next: this.next };
  }
}
