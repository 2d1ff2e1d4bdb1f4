import { Body, Controller, Get, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateWarehouseDto } from './dto/create-warehouse.dto';
import { ListWarehousesQuery } from './dto/list-warehouses.query';
import { UpdateWarehouseDto } from './dto/update-warehouse.dto';
import { WarehousesService } from './warehouses.service';

@ApiTags('warehouses')
@ApiBearerAuth()
@Controller('warehouses')
export class WarehousesController {
  constructor(private readonly warehouses: WarehousesService) {}

  /** The default warehouse first, then by name. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListWarehousesQuery) {
    return this.warehouses.list(biz, query);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.warehouses.get(biz, id);
  }

  @Post()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateWarehouseDto) {
    return this.warehouses.create(biz, dto);
  }

  @Put(':id')
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateWarehouseDto) {
    return this.warehouses.update(biz, id, dto);
  }
}
