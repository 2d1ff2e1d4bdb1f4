import { Module } from '@nestjs/common';
import { FinanceModule } from '../finance/finance.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesReader } from './invoices.reader';
import { InvoicesService } from './invoices.service';

@Module({ imports: [FinanceModule], controllers: [InvoicesController], providers: [InvoicesService, InvoicesReader], exports: [InvoicesService] })
export class InvoicesModule {}
