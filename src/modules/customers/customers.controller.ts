import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { CustomerJson } from './customer.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CustomersService } from './customers.service';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { ListCustomersQuery } from './dto/list-customers.query';
import { UpdateCustomerDto } from './dto/update-customer.dto';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('customers')
@ApiBearerAuth()
@Controller('customers')
export class CustomersController {
  constructor(private readonly customers: CustomersService) {}

  /** Customers, newest first, with their totals and loyalty balance; `search` matches name, email or phone. */
  @Get()
  @RequiresScope('customers', 'sales')
  @Endpoint({
    summary: 'List customers, newest first, with totals and loyalty balance; search matches name, email or phone',
    response: CustomerJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListCustomersQuery) {
    return this.customers.list(biz, query);
  }

  /** 409 CUSTOMER_EXISTS when the email or phone belongs to another customer of the business. */
  @Post()
  @HttpCode(201)
  @RequiresScope('customers')
  @Endpoint({
    idempotent: true,
    summary: 'Create a customer (email or phone unique in the business)',
    status: 201,
    response: CustomerJson,
    body: true,
    errors: ['CUSTOMER_EXISTS'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateCustomerDto) {
    return this.customers.create(biz, dto);
  }

  @Get(':id')
  @RequiresScope('customers', 'sales')
  @Endpoint({ summary: 'Get a customer', response: CustomerJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.customers.get(biz, id);
  }

  @Put(':id')
  @RequiresScope('customers')
  @Endpoint({ summary: 'Update a customer (sent fields only)', response: CustomerJson, body: true, errors: ['NOT_FOUND', 'CUSTOMER_EXISTS'] })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateCustomerDto) {
    return this.customers.update(biz, id, dto);
  }
}
