import { ApiProperty } from '@nestjs/swagger';
import { CreatedByJson } from '../../common/activity/created-by';
import { IMPORT_KINDS, IMPORT_STATUSES, Import, ImportKind, ImportStatus } from './entities/import.entity';
import { ROW_OUTCOMES, RowOutcome } from './entities/import-row.entity';

export class ImportSummaryJson {
  @ApiProperty({ example: 120 }) create: number;
  @ApiProperty({ example: 30 }) update: number;
  @ApiProperty({ example: 850 }) unchanged: number;
  @ApiProperty({ example: 2 }) error: number;
}

export class ImportProgressJson {
  @ApiProperty({ example: 1000, description: 'rows applied (or skipped) so far' }) done: number;
  @ApiProperty({ example: 1002 }) total: number;
}

export class ImportJson {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: IMPORT_KINDS }) kind: ImportKind;
  @ApiProperty({ enum: IMPORT_STATUSES }) status: ImportStatus;
  @ApiProperty({ example: 'products.csv' }) file_name: string;
  @ApiProperty({ example: 1002, description: 'data rows of the file (the header is not a row)' }) rows: number;
  @ApiProperty({ type: ImportSummaryJson }) summary: ImportSummaryJson;
  @ApiProperty({ type: ImportProgressJson }) progress: ImportProgressJson;
  @ApiProperty({ type: [String], description: 'columns of the file that no field reads: reported once, ignored' }) unknown_columns: string[];
  @ApiProperty({ type: CreatedByJson }) created_by: CreatedByJson;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) finished_at: string | null;
}

export class ImportRowErrorJson {
  @ApiProperty({ example: 'price' }) column: string;
  @ApiProperty({ example: 'VALIDATION_FAILED', description: "the code the API's request would get" }) code: string;
  @ApiProperty({ example: 'price must be a non-negative number with at most 2 decimals' }) message: string;
}

export class ImportRowJson {
  @ApiProperty({ example: 1, description: 'the data row of the file, from 1' }) row: number;
  @ApiProperty({ enum: ROW_OUTCOMES }) outcome: RowOutcome;
  @ApiProperty({ type: String, nullable: true, example: 'ESP-1KG', description: 'what the row matches by (SKU, email or phone, sku@warehouse)' })
  key: string | null;
  @ApiProperty({ type: [ImportRowErrorJson] }) errors: ImportRowErrorJson[];
}

export function toImportJson(i: Import): ImportJson {
  return {
    id: i.id,
    kind: i.kind,
    status: i.status,
    file_name: i.fileName,
    rows: i.rows,
    summary: { create: i.createCount, update: i.updateCount, unchanged: i.unchangedCount, error: i.errorCount },
    progress: { done: i.progressDone, total: i.progressTotal },
    unknown_columns: i.unknownColumns,
    created_by: { type: i.createdByType, id: i.createdById, name: i.createdByName },
    created_at: i.createdAt.toISOString(),
    finished_at: i.finishedAt ? i.finishedAt.toISOString() : null,
  };
}
