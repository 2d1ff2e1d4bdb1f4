import { Body, Controller, Delete, Get, HttpCode, Post, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { writeCsv } from '../../common/csv/csv-response';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { ApplyImportDto } from './dto/apply-import.dto';
import { CreateImportDto } from './dto/create-import.dto';
import { ListImportRowsQuery } from './dto/list-import-rows.query';
import { ListImportsQuery } from './dto/list-imports.query';
import { IMPORT_KINDS } from './entities/import.entity';
import { uploadOptions } from './import-upload';
import { ImportJson, ImportRowJson } from './import.mapper';
import { ImportsService, UploadedCsv } from './imports.service';

const KIND_SCOPES = "The scope is the kind's write scope: products:write (products), customers (customers), inventory (stock).";

@ApiTags('imports')
@ApiBearerAuth()
@Controller('imports')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  /** 202: the file is taken and validated in the background; nothing is written until apply. */
  @Post()
  @HttpCode(202)
  @RequiresScope('products:write', 'customers', 'inventory')
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['kind', 'file'],
      properties: {
        kind: { type: 'string', enum: [...IMPORT_KINDS] },
        file: { type: 'string', format: 'binary', description: 'CSV, UTF-8 (BOM or not), comma or semicolon separated, at most 50 MiB and 200,000 rows' },
      },
    },
  })
  @Endpoint({
    idempotent: true,
    summary: 'Upload a CSV file of products, customers or stock to import: validated in the background (status validating, then ready)',
    description: `${KIND_SCOPES} A file over 50 MiB is 413; over 200,000 rows or not CSV text, 400. See docs/api.md, "Imports".`,
    status: 202,
    response: ImportJson,
    body: true,
    errors: ['FORBIDDEN_SCOPE'],
  })
  // below @Endpoint: applied first, so the form is read before the idempotency interceptor judges the request by it
  @UseInterceptors(FileInterceptor('file', uploadOptions()))
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateImportDto, @UploadedFile() file: UploadedCsv | undefined) {
    return this.imports.create(biz, dto, file);
  }

  @Get()
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    summary: 'List imports, newest first (those of the kinds the key may import)',
    response: ImportJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListImportsQuery) {
    return this.imports.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    summary: 'Get an import: status, summary of outcomes, progress',
    description: KIND_SCOPES,
    response: ImportJson,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN_SCOPE'],
  })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.imports.get(biz, id);
  }

  @Get(':id/rows')
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    summary: "An import's rows in file order with their outcome and errors (the preview); filter outcome",
    description: KIND_SCOPES,
    response: ImportRowJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN_SCOPE'],
  })
  rows(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Query() query: ListImportRowsQuery) {
    return this.imports.rows(biz, id, query);
  }

  /** The failing rows as CSV, the file's columns and an `error` column. */
  @Get(':id/errors.csv')
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    summary: "The rows of an import that have errors, as CSV: row, the file's columns, error",
    description: `${KIND_SCOPES} Text that would start a formula is written after an apostrophe.`,
    shape: 'csv',
    csvHeaders: ['row', "<the file's columns>", 'error'],
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'FORBIDDEN_SCOPE'],
  })
  async errors(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Res() res: Response): Promise<void> {
    await writeCsv(res, await this.imports.errorsCsv(biz, id));
  }

  /** 202: applied in the background in chunks of at most 1,000 rows, each one transaction. */
  @Post(':id/apply')
  @HttpCode(202)
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Apply a ready import (rows with errors skipped, or nothing applied with on_error abort)',
    description: KIND_SCOPES,
    status: 202,
    response: ImportJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'FORBIDDEN_SCOPE'],
  })
  apply(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: ApplyImportDto) {
    return this.imports.apply(biz, id, dto);
  }

  /** Cancels: validation stops, or the apply stops between chunks (a chunk is whole or not at all). */
  @Delete(':id')
  @RequiresScope('products:write', 'customers', 'inventory')
  @Endpoint({
    summary: 'Cancel an import that is validating, ready or applying',
    description: KIND_SCOPES,
    response: ImportJson,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'FORBIDDEN_SCOPE'],
  })
  cancel(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.imports.cancel(biz, id);
  }
}
