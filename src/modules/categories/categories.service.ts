import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { withUniqueViolation } from '../../common/errors/pg-errors';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { Product } from '../products/entities/product.entity';
import { CategoryJson, toCategoryJson } from './categories.mapper';
import { CreateCategoryDto } from './dto/create-category.dto';
import { ListCategoriesQuery } from './dto/list-categories.query';
import { UpdateCategoryDto } from './dto/update-category.dto';
import { Category } from './entities/category.entity';

const NAME_INDEX = 'categories_business_name_uq';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Category) private readonly categories: Repository<Category>,
  ) {}

  async list(biz: BusinessContext, query: ListCategoriesQuery): Promise<Paged<CategoryJson>> {
    const page = await BusinessQuery.of(this.categories, 'c', biz.id).orderBy({ 'lower(c.name)': 'ASC', 'c.id': 'ASC' }).page(pageRequest(query));
    return page.map(toCategoryJson);
  }

  async get(biz: BusinessContext, id: string): Promise<CategoryJson> {
    return toCategoryJson(await findInBusiness(this.categories, biz.id, id, 'Category'));
  }

  async create(biz: BusinessContext, dto: CreateCategoryDto): Promise<CategoryJson> {
    return refusingTakenName(dto.name, () => this.uow.run((tx) => this.insert(tx, biz, dto)));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    return refusingTakenName(dto.name, () => this.uow.run((tx) => this.patch(tx, biz, id, dto)));
  }

  async remove(biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run((tx) => this.deleteAndUnassign(tx, biz, id));
  }

  async insert(tx: Tx, biz: BusinessContext, dto: CreateCategoryDto): Promise<CategoryJson> {
    const repo = tx.getRepository(Category);
    const category = toCategoryJson(await repo.save(repo.create({ businessId: biz.id, name: dto.name, description: dto.description ?? null })));
    tx.recordActivity(activityOf(biz, 'categories.create', categoryResource(category)));
    return category;
  }

  async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    const repo = tx.getRepository(Category);
    const before = toCategoryJson(await findInBusiness(repo, biz.id, id, 'Category'));
    const changes = presentFields<UpdateCategoryDto, Category>(dto, { name: 'name', description: 'description' });
    const after = toCategoryJson(await updateInBusiness(repo, biz.id, id, changes, 'Category'));
    tx.recordActivity(activityOf(biz, 'categories.update', categoryResource(after), changesBetween(before, after)));
    return after;
  }

  /**
   * The row lock waits for products being created in the category (they hold a key-share lock on
   * it) and makes later ones fail their category check, so no product is left pointing at it.
   */
  async deleteAndUnassign(tx: Tx, biz: BusinessContext, id: string): Promise<void> {
    const businessId = biz.id;
    const locked = await tx.getRepository(Category).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (!locked) throw DomainError.notFound('Category');
    await tx.getRepository(Product).update({ businessId, categoryId: id }, { categoryId: null, updatedAt: () => 'now()' });
    await tx.getRepository(Category).delete({ businessId, id });
    tx.recordActivity(activityOf(biz, 'categories.delete', categoryResource(toCategoryJson(locked))));
  }
}

function categoryResource(category: CategoryJson) {
  return { type: 'category', id: category.id, label: category.name };
}

/** 409 CATEGORY_EXISTS when the name (case-insensitively) is another's in the business. */
function refusingTakenName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  return withUniqueViolation(NAME_INDEX, () => new DomainError('CATEGORY_EXISTS', undefined, [{ name }]), work);
}
