import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { WarehouseJson } from './warehouses.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateWarehouseDto } from './dto/create-warehouse.dto';
import { ListWarehousesQuery } from './dto/list-warehouses.query';
import { UpdateWarehouseDto } from './dto/update-warehouse.dto';
import { WarehousesService } from './warehouses.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('warehouses')
@ApiBearerAuth()
@Controller('warehouses')
export class WarehousesController {
  constructor(private readonly warehouses: WarehousesService) {}

  @Get()
  @RequiresScope('inventory', 'sales')
  @Endpoint({ summary: 'List warehouses, the default first, then by name', response: WarehouseJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListWarehousesQuery) {
    return this.warehouses.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('inventory', 'sales')
  @Endpoint({ summary: 'Get a warehouse', response: WarehouseJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.warehouses.get(biz, id);
  }

  @Post()
  @RequiresScope('inventory')
  @Endpoint({ idempotent: true, summary: 'Create a warehouse', status: 201, response: WarehouseJson, body: true })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateWarehouseDto) {
    return this.warehouses.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('inventory')
  @Endpoint({ summary: 'Update a warehouse (sent fields only)', response: WarehouseJson, body: true, errors: ['NOT_FOUND'] })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateWarehouseDto) {
    return this.warehouses.update(biz, id, dto);
  }
}
