import { ApiProperty } from '@nestjs/swagger';
import { CsvLayout, csvLayoutOf } from '../../../common/csv/csv-columns';
import { costNumber, dec, moneyNumber } from '../../../common/money/money';
import { TaxReportRow } from '../persistence/tax-report.sql';

/** One rate of the tax report (docs/api.md 22). */
export class TaxReportRowJson {
  @ApiProperty({ format: 'uuid' }) tax_rate_id: string;
  @ApiProperty({ example: 'VAT 19%' }) name: string;
  @ApiProperty({ example: 19 }) rate: number;
  @ApiProperty({ example: 1250.4, description: "net of tax, of the period's orders" }) taxable_sales: number;
  @ApiProperty({ example: 237.58 }) tax_collected: number;
  @ApiProperty({ example: 40.1, description: "net of tax, of the period's returns and cancellations" }) taxable_refunds: number;
  @ApiProperty({ example: 7.62 }) tax_refunded: number;
  @ApiProperty({ example: 229.96, description: 'tax_collected - tax_refunded' }) net_tax: number;
}

export function toTaxReportRowJson(row: TaxReportRow): TaxReportRowJson {
  return {
    tax_rate_id: row.tax_rate_id,
    name: row.name,
    rate: costNumber(row.rate),
    taxable_sales: moneyNumber(row.taxable_sales),
    tax_collected: moneyNumber(row.tax_collected),
    taxable_refunds: moneyNumber(row.taxable_refunds),
    tax_refunded: moneyNumber(row.tax_refunded),
    net_tax: moneyNumber(dec(row.tax_collected).minus(row.tax_refunded)),
  };
}

/** The CSV columns: the fields, named as in JSON. */
export function taxReportCsvLayout(timezone: string): CsvLayout<TaxReportRowJson> {
  return csvLayoutOf(TaxReportRowJson, { timezone, local: [] });
}
