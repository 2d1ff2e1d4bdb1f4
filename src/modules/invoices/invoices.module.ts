import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceModule } from '../finance/finance.module';
import { CreditNotesController } from './credit-notes.controller';
import { CreditNotesReader } from './credit-notes.reader';
import { CreditNote } from './entities/credit-note.entity';
import { InvoiceEmail } from './entities/invoice-email.entity';
import { InvoiceItem } from './entities/invoice-item.entity';
import { Invoice } from './entities/invoice.entity';
import { InvoicesSaleEffect } from './invoices-sale.effect';
import { InvoicesController } from './invoices.controller';
import { InvoicesReader } from './invoices.reader';
import { InvoicesService } from './invoices.service';

@Module({
  imports: [TypeOrmModule.forFeature([Invoice, InvoiceItem, CreditNote, InvoiceEmail]), FinanceModule],
  controllers: [InvoicesController, CreditNotesController],
  providers: [InvoicesService, InvoicesReader, CreditNotesReader, InvoicesSaleEffect],
  exports: [InvoicesReader, CreditNotesReader],
})
export class InvoicesModule {}
