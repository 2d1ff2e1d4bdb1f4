import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/find-in-business';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CategoryJson, CategoryRow, toCategoryJson } from './categories.mapper';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';

const NAME_INDEX = 'categories_business_name_uq';
const COLUMNS = 'id, name, description, created_at, updated_at';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
  ) {}

  async list(biz: BusinessContext, query: ListCategoriesQuery): Promise<Paged<CategoryJson>> {
    const where = new ListFilter('business_id', biz.id);
    const page = await queryPage<CategoryRow>(
      this.dataSource,
      { columns: COLUMNS, from: 'categories', where, orderBy: 'lower(name), id' },
      pageRequest(query),
    );
    return page.map(toCategoryJson);
  }

  async get(biz: BusinessContext, id: string): Promise<CategoryJson> {
    const row = await findInBusiness<CategoryRow>(this.dataSource, 'categories', biz.id, id, { columns: COLUMNS, notFound: 'Category' });
    return toCategoryJson(row);
  }

  async create(biz: BusinessContext, dto: CreateCategoryDto): Promise<CategoryJson> {
    return this.mapNameTaken(dto.name, () => this.uow.run((tx) => this.insert(tx, biz.id, dto)));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    return this.mapNameTaken(dto.name, () => this.uow.run((tx) => this.patch(tx, biz.id, id, dto)));
  }

  async remove(biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run((tx) => this.deleteAndUnassign(tx, biz.id, id));
  }

  async insert(tx: Tx, businessId: string, dto: CreateCategoryDto): Promise<CategoryJson> {
    const row = await tx.one<CategoryRow>(
      `INSERT INTO categories (business_id, name, description) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [businessId, dto.name, dto.description ?? null],
    );
    return toCategoryJson(row!);
  }

  async patch(tx: Tx, businessId: string, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    const row = await tx.one<CategoryRow>(
      `UPDATE categories
          SET name = COALESCE($3, name),
              description = CASE WHEN $4 THEN $5 ELSE description END,
              updated_at = now()
        WHERE business_id = $1 AND id = $2
        RETURNING ${COLUMNS}`,
      [businessId, id, dto.name ?? null, dto.description !== undefined, dto.description ?? null],
    );
    if (!row) throw DomainError.notFound('Category');
    return toCategoryJson(row);
  }

  /**
   * The row lock waits for products being created in the category (they hold a key-share lock on
   * it) and makes later ones fail their category check, so no product is left pointing at it.
   */
  async deleteAndUnassign(tx: Tx, businessId: string, id: string): Promise<void> {
    const locked = await tx.one(`SELECT 1 FROM categories WHERE business_id = $1 AND id = $2 FOR UPDATE`, [businessId, id]);
    if (!locked) throw DomainError.notFound('Category');
    await tx.query(`UPDATE products SET category_id = NULL, updated_at = now() WHERE business_id = $1 AND category_id = $2`, [businessId, id]);
    await tx.query(`DELETE FROM categories WHERE business_id = $1 AND id = $2`, [businessId, id]);
  }

  private async mapNameTaken<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolationOf(err) === NAME_INDEX) throw new DomainError('CATEGORY_EXISTS', undefined, [{ name }]);
      throw err;
    }
  }
}
