import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateSupplierDto } from './dto/create-supplier.dto';
import { ListSuppliersQuery } from './dto/list-suppliers.query';
import { UpdateSupplierDto } from './dto/update-supplier.dto';
import { SupplierJson } from './suppliers.mapper';
import { SuppliersService } from './suppliers.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('suppliers')
@ApiBearerAuth()
@Controller('suppliers')
export class SuppliersController {
  constructor(private readonly suppliers: SuppliersService) {}

  @Get()
  @RequiresScope('purchasing')
  @Endpoint({
    summary: 'List suppliers, sorted by name; search matches anywhere in the name, case-insensitive',
    response: SupplierJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListSuppliersQuery) {
    return this.suppliers.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('purchasing')
  @Endpoint({ summary: 'Get a supplier', response: SupplierJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.suppliers.get(biz, id);
  }

  @Post()
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Create a supplier (name unique in the business)',
    status: 201,
    response: SupplierJson,
    body: true,
    errors: ['SUPPLIER_EXISTS'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateSupplierDto) {
    return this.suppliers.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('purchasing')
  @Endpoint({ summary: 'Update a supplier (sent fields only)', response: SupplierJson, body: true, errors: ['NOT_FOUND', 'SUPPLIER_EXISTS'] })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateSupplierDto) {
    return this.suppliers.update(biz, id, dto);
  }
}
