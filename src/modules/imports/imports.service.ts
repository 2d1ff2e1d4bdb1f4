import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { promises as fs } from 'fs';
import { DataSource } from 'typeorm';
import { activityOf } from '../../common/activity/activity-of';
import { BusinessContext } from '../../common/auth/business-context';
import { CsvExport } from '../../common/csv/csv-response';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { ApplyImportDto } from './dto/apply-import.dto';
import { CreateImportDto } from './dto/create-import.dto';
import { ListImportRowsQuery } from './dto/list-import-rows.query';
import { ListImportsQuery } from './dto/list-imports.query';
import { Import } from './entities/import.entity';
import { ImportRow, RowError } from './entities/import-row.entity';
import { columnRole } from './import-columns';
import { inspectFile } from './import-file';
import { ImportJson, ImportRowJson, toImportJson } from './import.mapper';
import { assertMayImport, importableKinds } from './import-scopes';
import { ImportRunner } from './import-runner';

/** The file multer wrote to disk for POST /imports. */
export interface UploadedCsv {
  originalname: string;
  path: string;
  size: number;
}

/** Statuses an import can be cancelled from. */
const CANCELLABLE = ['validating', 'ready', 'applying'];

/**
 * Imports of products, customers and stock from CSV files (docs/api.md 23): the requests. The work
 * (validation, apply) is the runner's, in the background.
 */
@Injectable()
export class ImportsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly runner: ImportRunner,
  ) {}

  /** Takes the file (a first streamed look: 400 when it is not CSV text or has too many rows), records the import, validates it in the background. */
  async create(biz: BusinessContext, dto: CreateImportDto, file: UploadedCsv | undefined): Promise<ImportJson> {
    if (!file) throw DomainError.validation('file', 'file is required: the CSV file as a multipart/form-data part named file');
    let created: ImportJson;
    try {
      assertMayImport(biz.scopes, dto.kind);
      const shape = await inspectFile(file.path);
      const unknown = [...new Set(shape.header.filter((c) => c !== '' && columnRole(dto.kind, c) === 'unknown'))];
      created = await this.uow.run(async (tx) => {
        const id = randomUUID();
        await tx.getRepository(Import).insert({
          businessId: biz.id,
          id,
          kind: dto.kind,
          status: 'validating',
          fileName: fileNameOf(file.originalname),
          filePath: file.path,
          rows: shape.rows,
          progressTotal: shape.rows,
          columns: shape.header,
          delimiter: shape.delimiter,
          unknownColumns: unknown,
          createdByType: biz.actor.type,
          createdById: biz.actor.id,
          createdByName: biz.actor.name,
        });
        const row = await tx.getRepository(Import).findOneByOrFail({ businessId: biz.id, id });
        tx.recordActivity(activityOf(biz, 'imports.create', importResource(row)));
        return toImportJson(row);
      });
    } catch (err) {
      await fs.rm(file.path, { force: true });
      throw err;
    }
    this.runner.kick(created.id);
    return created;
  }

  async get(biz: BusinessContext, id: string): Promise<ImportJson> {
    return toImportJson(await this.find(biz, id));
  }

  /** Newest first, of the kinds the caller's scopes may import. */
  async list(biz: BusinessContext, query: ListImportsQuery): Promise<Paged<ImportJson>> {
    const kinds = importableKinds(biz.scopes);
    const page = await BusinessQuery.of(this.dataSource.getRepository(Import), 'i', biz.id)
      .where(kinds, (p) => `i.kind = ANY(${p})`)
      .orderBy({ 'i.createdAt': 'DESC', 'i.id': 'DESC' })
      .page(pageRequest(query));
    return page.map(toImportJson);
  }

  /** The rows in row order, of one outcome when asked. */
  async rows(biz: BusinessContext, id: string, query: ListImportRowsQuery): Promise<Paged<ImportRowJson>> {
    await this.find(biz, id);
    const page = await BusinessQuery.of(this.dataSource.getRepository(ImportRow), 'r', biz.id)
      .equals('r.importId', id)
      .equals('r.outcome', query.outcome)
      .orderBy({ 'r.row': 'ASC' })
      .page(pageRequest(query));
    return page.map((r) => ({ row: r.row, outcome: r.outcome, key: r.key, errors: r.errors }));
  }

  /** The failing rows as the file had them, with an `error` column, streamed a page at a time. */
  async errorsCsv(biz: BusinessContext, id: string): Promise<CsvExport<ImportRow>> {
    const imp = await this.find(biz, id);
    const repo = this.dataSource.getRepository(ImportRow);
    const columns = imp.columns;
    async function* pages(): AsyncGenerator<ImportRow[]> {
      let after = 0;
      for (;;) {
        const rows = await repo
          .createQueryBuilder('r')
          .where('r.businessId = :b AND r.importId = :i AND r.outcome = :o AND r.row > :after', { b: biz.id, i: id, o: 'error', after })
          .orderBy('r.row', 'ASC')
          .take(1000)
          .getMany();
        if (rows.length === 0) return;
        yield rows;
        after = rows[rows.length - 1].row;
      }
    }
    return {
      filename: `import-${id}-errors.csv`,
      layout: {
        headers: ['row', ...columns, 'error'],
        records: (r: ImportRow) => [[r.row, ...columns.map((c) => r.cells[c] ?? null), errorText(r.errors)]],
      },
      pages: pages(),
    };
  }

  /** From `ready` only: `applying`, carried on by the runner; with on_error abort and any error, nothing is applied and it is `failed`. */
  async apply(biz: BusinessContext, id: string, dto: ApplyImportDto): Promise<ImportJson> {
    const onError = dto.on_error ?? 'skip';
    const json = await this.uow.run(async (tx) => {
      const imp = await this.lock(tx, biz, id);
      if (imp.status !== 'ready') throw transition(imp.status, 'applying');
      const changes: Partial<Import> =
        onError === 'abort' && imp.errorCount > 0
          ? { status: 'failed', onError, failure: `${imp.errorCount} rows have errors; on_error abort applied none`, finishedAt: new Date() }
          : { status: 'applying', onError, progressDone: 0, progressTotal: imp.rows };
      await tx.getRepository(Import).update({ businessId: biz.id, id }, changes);
      const after = { ...imp, ...changes };
      tx.recordActivity(activityOf(biz, 'imports.apply', importResource(after), { status: [imp.status, after.status] }));
      return toImportJson(after);
    });
    if (json.status === 'applying') this.runner.kick(id);
    return json;
  }

  /** Cancels a validating, ready or applying import; the apply stops between chunks (a chunk is whole or not at all). */
  async cancel(biz: BusinessContext, id: string): Promise<ImportJson> {
    return this.uow.run(async (tx) => {
      const imp = await this.lock(tx, biz, id);
      if (!CANCELLABLE.includes(imp.status)) throw transition(imp.status, 'cancelled');
      const changes: Partial<Import> = { status: 'cancelled', finishedAt: new Date() };
      await tx.getRepository(Import).update({ businessId: biz.id, id }, changes);
      const after = { ...imp, ...changes };
      tx.recordActivity(activityOf(biz, 'imports.cancel', importResource(after), { status: [imp.status, 'cancelled'] }));
      return toImportJson(after);
    });
  }

  private async find(biz: BusinessContext, id: string): Promise<Import> {
    const imp = await this.dataSource.getRepository(Import).findOneBy({ businessId: biz.id, id });
    if (!imp) throw DomainError.notFound('Import');
    assertMayImport(biz.scopes, imp.kind);
    return imp;
  }

  /** The import's row, locked: the runner's chunk holds the same lock, so a change waits for the chunk under way. */
  private async lock(tx: Tx, biz: BusinessContext, id: string): Promise<Import> {
    const imp = await tx.getRepository(Import).findOne({ where: { businessId: biz.id, id }, lock: { mode: 'pessimistic_write' } });
    if (!imp) throw DomainError.notFound('Import');
    assertMayImport(biz.scopes, imp.kind);
    return imp;
  }
}

function importResource(imp: Import) {
  return { type: 'import', id: imp.id, label: imp.fileName };
}

function transition(from: string, to: string): DomainError {
  return new DomainError('INVALID_STATUS_TRANSITION', `An import that is ${from} cannot become ${to}`, [{ status: from }]);
}

/** A file name as the client gave it, without a path, one line. */
function fileNameOf(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
  return clean === '' ? 'import.csv' : clean;
}

/** A row's errors as one cell: `column: CODE message`, separated by ` | `. */
export function errorText(errors: RowError[]): string {
  return errors.map((e) => `${e.column}: ${e.code} ${e.message}`).join(' | ');
}
