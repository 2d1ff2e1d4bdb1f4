import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FinanceModule } from '../finance/finance.module';
import { PayrollItem } from './entities/payroll-item.entity';
import { PayrollRun } from './entities/payroll-run.entity';
import { PayrollController } from './payroll.controller';
import { PayrollService } from './payroll.service';

@Module({ imports: [TypeOrmModule.forFeature([PayrollRun, PayrollItem]), FinanceModule], controllers: [PayrollController], providers: [PayrollService] })
export class PayrollModule {}
