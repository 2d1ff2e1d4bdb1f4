import { Injectable } from '@nestjs/common';
import { Response } from 'express';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../../common/auth/business-context';
import { exportFilename } from '../../../common/csv/csv-export';
import { writeCsv } from '../../../common/csv/csv-response';
import { envelopeOf } from '../../../common/http/envelope';
import { assertDateRange } from '../../../common/pagination/date-range';
import { runStatement } from '../../../database/run-statement';
import { readTaxReport } from '../persistence/tax-report.sql';
import { TaxReportQuery } from './tax-report.query';
import { taxReportCsvLayout, TaxReportRowJson, toTaxReportRowJson } from './tax-report.mapper';

/** GET /reports/tax (docs/api.md 22): the period's tax per rate, JSON (wrapped) or CSV. */
@Injectable()
export class TaxReportService {
  constructor(private readonly dataSource: DataSource) {}

  async rows(biz: BusinessContext, query: TaxReportQuery): Promise<TaxReportRowJson[]> {
    assertDateRange(query);
    const rows = await runStatement(this.dataSource, readTaxReport, [biz.id, query.from ?? null, query.to ?? null, biz.timezone]);
    return rows.map(toTaxReportRowJson);
  }

  async answer(biz: BusinessContext, query: TaxReportQuery, res: Response): Promise<void> {
    const rows = await this.rows(biz, query);
    if (query.format !== 'csv') {
      res.status(200).json(envelopeOf(rows));
      return;
    }
    await writeCsv(res, { filename: exportFilename('tax-report', biz.timezone), layout: taxReportCsvLayout(biz.timezone), pages: once(rows) });
  }
}

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield await Promise.resolve(rows);
}
