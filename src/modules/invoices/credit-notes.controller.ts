import { Controller, Get, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreditNoteJson } from './credit-note.mapper';
import { CreditNotesReader } from './credit-notes.reader';
import { ListCreditNotesQuery } from './dto/list-credit-notes.query';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

/** Credit notes are issued by returns (POST /orders/:id/returns); here they are only read. */
@ApiTags('credit-notes')
@ApiBearerAuth()
@Controller('credit-notes')
export class CreditNotesController {
  constructor(private readonly reader: CreditNotesReader) {}

  @Get()
  @RequiresScope('invoices')
  @Endpoint({
    summary: 'List credit notes, newest first; filters invoice_id, inclusive from/to dates (business time zone)',
    response: CreditNoteJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListCreditNotesQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('invoices')
  @Endpoint({ summary: 'Get a credit note with its lines', response: CreditNoteJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }
}
