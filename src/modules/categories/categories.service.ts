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
    return refusingTakenName(dto.name, () => this.uow.run((tx) => this.insert(tx, biz.id, dto)));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    return refusingTakenName(dto.name, () => this.uow.run((tx) => this.patch(tx, biz.id, id, dto)));
  }

  async remove(biz: BusinessContext, id: string): Promise<void> {
    await this.uow.run((tx) => this.deleteAndUnassign(tx, biz.id, id));
  }

  async insert(tx: Tx, businessId: string, dto: CreateCategoryDto): Promise<CategoryJson> {
    const repo = tx.getRepository(Category);
    return toCategoryJson(await repo.save(repo.create({ businessId, name: dto.name, description: dto.description ?? null })));
  }

  async patch(tx: Tx, businessId: string, id: string, dto: UpdateCategoryDto): Promise<CategoryJson> {
    const changes = presentFields<UpdateCategoryDto, Category>(dto, { name: 'name', description: 'description' });
    return toCategoryJson(await updateInBusiness(tx.getRepository(Category), businessId, id, changes, 'Category'));
  }

  /**
   * The row lock waits for products being created in the category (they hold a key-share lock on
   * it) and makes later ones fail their category check, so no product is left pointing at it.
   */
  async deleteAndUnassign(tx: Tx, businessId: string, id: string): Promise<void> {
    const locked = await tx.getRepository(Category).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (!locked) throw DomainError.notFound('Category');
    await tx.getRepository(Product).update({ businessId, categoryId: id }, { categoryId: null, updatedAt: () => 'now()' });
    await tx.getRepository(Category).delete({ businessId, id });
  }
}

/** 409 CATEGORY_EXISTS when the name (case-insensitively) is another's in the business. */
function refusingTakenName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  return withUniqueViolation(NAME_INDEX, () => new DomainError('CATEGORY_EXISTS', undefined, [{ name }]), work);
}
