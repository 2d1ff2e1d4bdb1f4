import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { promises as fs } from 'fs';
import { DataSource, QueryRunner } from 'typeorm';
import { PeriodicPass } from '../../common/jobs/periodic-pass';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { onOneConnection } from '../../database/run-statement';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { Import } from './entities/import.entity';
import { RowOutcome } from './entities/import-row.entity';
import { cellValue, columnRole, isEmptyCell } from './import-columns';
import { csvRecords } from './import-file';
import { fileKeysOf, PlannedRow, planRows, ReadRow } from './import-plan';
import { ImportWriter } from './import-writer';
import { ImportCompletedEvent } from './events/import-completed.event';
import { claimImport, clearRows, markApplied, outcomeCounts, pendingRows, releaseImport, stageRows, unfinishedImports } from './persistence/import-rows.sql';

/** Rows validated and staged per batch (the planning yields to requests within a batch, import-plan.ts). */
const VALIDATION_BATCH_ROWS = 1000;
/**
 * Rows applied per transaction (docs/api.md 23: at most 1,000). Small, so that the process's own work
 * of a chunk between two turns of the event loop (its rows read, their statements built) stays short
 * beside the orders it holds up.
 */
export const IMPORT_CHUNK_ROWS = 250;
/**
 * After each chunk the apply, and after each batch the validation, rests for this share of the time
 * the work took: the CPU it leaves is the requests' (orders go on during an import, docs/api.md 23),
 * at the cost of a longer import. The validation rests too: its DTO rules are the process's own CPU,
 * and an order that holds its product's stock lock while it waits for a turn holds up the orders
 * behind it.
 */
const REST_SHARE = 0.5;

/** The rest after work started at `started` (Date.now()). */
function restAfter(started: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, (Date.now() - started) * REST_SHARE));
}
/** Attempts of one chunk whose write met a concurrent insert of the same key (the recheck then sees it). */
const CHUNK_ATTEMPTS = 3;

class ChunkConflict extends Error {}

/**
 * The background work of imports: validation (the file streamed, planned in batches, its rows staged in
 * `import_rows`) and apply (chunks of pending rows, each one transaction, rechecked against the data).
 * A process works on an import only while it holds its claim, a session advisory lock on a connection
 * of its own: two processes never work on one import, and one that dies frees it at once. Every
 * IMPORT_RESUME_INTERVAL_MS (and at start) it takes up the imports left validating or applying.
 */
@Injectable()
export class ImportRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Imports');
  private readonly pass = new PeriodicPass(this.logger, 'import resume pass failed', () => this.resumeAll());
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly uow: UnitOfWork,
    private readonly writer: ImportWriter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.pass.start(this.config.importResumeIntervalMs, true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await this.pass.stop();
    await Promise.allSettled([...this.running.values()]);
  }

  /** Works on the import now, in the background (a request's 202 does not wait). */
  kick(id: string): void {
    void this.work(id);
  }

  /** Every unfinished import no process holds. */
  async resumeAll(): Promise<void> {
    const rows = await onOneConnection(this.dataSource, (tx) => tx.run(unfinishedImports, []));
    for (const row of rows) if (!this.pass.stopping && !this.stopping) await this.work(row.id);
  }

  /** Works on one import while holding its claim; nothing when this or another process holds it. */
  work(id: string): Promise<void> {
    const under = this.running.get(id);
    if (under) return under;
    const job = this.claimed(id).finally(() => this.running.delete(id));
    this.running.set(id, job);
    return job;
  }

  private async claimed(id: string): Promise<void> {
    let runner: QueryRunner | null = null;
    try {
      runner = this.dataSource.createQueryRunner();
      await runner.connect();
      const claim = new Tx(runner.manager);
      const [{ claimed }] = await claim.run(claimImport, [id]);
      if (!claimed) return;
      try {
        const imp = await this.dataSource.getRepository(Import).findOneBy({ id });
        if (imp?.status === 'validating') await this.validate(imp);
        else if (imp?.status === 'applying') await this.apply(imp);
      } finally {
        await claim.run(releaseImport, [id]);
      }
    } catch (err) {
      this.logger.error({ msg: 'import failed', import_id: id, error: (err as Error)?.message ?? String(err) });
    } finally {
      await runner?.release();
    }
  }

  private async statusOf(imp: Import): Promise<string | undefined> {
    const row = await this.dataSource.getRepository(Import).findOne({ select: { status: true }, where: { businessId: imp.businessId, id: imp.id } });
    return row?.status;
  }

  /**
   * Streams the file into its staged rows, a batch at a time (planned against the business's data
   * as it is now, the same rules as the apply's recheck); a row whose key an earlier row of the file
   * already has is an error. Restarted from the top when a process took it up again.
   */
  private async validate(imp: Import): Promise<void> {
    const { businessId, id } = imp;
    if (!imp.filePath || !(await fs.stat(imp.filePath).catch(() => null))) {
      await this.dataSource
        .getRepository(Import)
        .update(
          { businessId, id, status: 'validating' },
          { status: 'failed', failure: 'the uploaded file was lost before it was validated', finishedAt: new Date() },
        );
      return;
    }
    await this.uow.run((tx) => tx.run(clearRows, [businessId, id]));
    const header = imp.columns;
    const writable = header.map((c) => columnRole(imp.kind, c) === 'writable');
    const seen = new Map<string, number>();
    const parser = await csvRecords(imp.filePath, imp.delimiter as ',' | ';');
    let row = 0;
    let batch: { read: ReadRow; record: string[] }[] = [];
    let batchStarted = Date.now();
    const flush = async () => {
      const planned = await onOneConnection(this.dataSource, (tx) =>
        planRows(
          tx,
          businessId,
          imp.kind,
          batch.map((b) => b.read),
          false,
        ),
      );
      const staged = planned.map((p, n) => {
        const { read, record } = batch[n];
        for (const { column, key } of fileKeysOf(imp.kind, read.cells)) {
          const first = seen.get(key);
          if (first === undefined) seen.set(key, p.row);
          else {
            p.outcome = 'error';
            p.errors.push({ column, code: 'VALIDATION_FAILED', message: `${column} is on row ${first} of the file already` });
          }
        }
        const cells: Record<string, string> =
          p.outcome === 'error'
            ? Object.fromEntries(header.map((c, i): [string, string] => [c, record[i] ?? '']).filter(([, text]) => text !== ''))
            : read.cells;
        return { row: p.row, outcome: p.outcome, key: p.key, cells, errors: p.errors };
      });
      await this.uow.run((tx) => tx.run(stageRows, [businessId, id, JSON.stringify(staged)]));
      batch = [];
    };
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        if (row++ === 0) continue; // the header
        const cells: Record<string, string> = {};
        record.forEach((text, i) => {
          if (writable[i] && !isEmptyCell(text)) cells[header[i]] = cellValue(text);
        });
        batch.push({ read: { row: row - 1, cells }, record });
        if (batch.length >= VALIDATION_BATCH_ROWS) {
          await flush();
          if ((await this.statusOf(imp)) !== 'validating' || this.stopping) {
            parser.destroy();
            if (!this.stopping) await fs.rm(imp.filePath, { force: true });
            return;
          }
          await restAfter(batchStarted);
          batchStarted = Date.now();
        }
      }
      if (batch.length > 0) await flush();
    } catch (err) {
      parser.destroy();
      throw err;
    }
    const counts = await this.counts(businessId, id);
    await this.dataSource
      .getRepository(Import)
      .update({ businessId, id, status: 'validating' }, { status: 'ready', filePath: null, ...counts, progressDone: 0, progressTotal: imp.rows });
    await fs.rm(imp.filePath, { force: true });
  }

  private async counts(businessId: string, id: string, db: DataSource | Tx = this.dataSource) {
    const rows = await onOneConnection(db, (tx) => tx.run(outcomeCounts, [businessId, id]));
    const of = (o: RowOutcome) => Number(rows.find((r) => r.outcome === o)?.n ?? 0);
    return { createCount: of('create'), updateCount: of('update'), unchangedCount: of('unchanged'), errorCount: of('error') };
  }

  /** Chunk after chunk until no row is pending (then `done`), the import is no longer applying (cancelled), or the process stops. */
  private async apply(imp: Import): Promise<void> {
    let from = 1;
    while (!this.stopping) {
      let next: number | null = null;
      const started = Date.now();
      for (let attempt = 1; ; attempt++) {
        try {
          next = await this.uow.run((tx) => this.chunk(tx, imp, from));
          break;
        } catch (err) {
          if (!(err instanceof ChunkConflict) || attempt >= CHUNK_ATTEMPTS) throw err;
        }
      }
      if (next === null) return;
      from = next;
      await restAfter(started);
    }
  }

  /**
   * One chunk in one transaction: the import's row locked (a cancel waits for it), its next pending
   * rows rechecked against the data (their rows locked) and written, marked applied with the outcome
   * found, the progress moved. The last one (no row pending) ends the import `done` with its summary
   * and `import.completed`. Returns the row to go on from, or null to stop.
   */
  private async chunk(tx: Tx, imp: Import, from: number): Promise<number | null> {
    const { businessId, id } = imp;
    const current = await tx.getRepository(Import).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (current?.status !== 'applying') return null;
    const rows = await tx.run(pendingRows, [businessId, id, from, IMPORT_CHUNK_ROWS]);
    if (rows.length === 0) {
      const counts = await this.counts(businessId, id, tx);
      await tx.getRepository(Import).update({ businessId, id }, { status: 'done', finishedAt: new Date(), ...counts, progressDone: current.progressTotal });
      tx.record(
        new ImportCompletedEvent(businessId, {
          import_id: id,
          kind: imp.kind,
          summary: { create: counts.createCount, update: counts.updateCount, unchanged: counts.unchangedCount, error: counts.errorCount },
        }),
      );
      return null;
    }
    const toPlan = rows.filter((r) => r.outcome !== 'error').map((r) => ({ row: r.row, cells: r.cells, was: r.outcome as RowOutcome }));
    const planned = new Map<number, PlannedRow>();
    if (toPlan.length > 0) {
      const plan = await planRows(tx, businessId, imp.kind, toPlan, true);
      const written = await this.writer.write(tx, businessId, imp.kind, plan, new Map(toPlan.map((r) => [r.row, r.cells])));
      if (!written) throw new ChunkConflict();
      for (const p of plan) planned.set(p.row, p);
    }
    const outcomes = rows.map((r) => planned.get(r.row)?.outcome ?? (r.outcome as RowOutcome));
    const errors = rows.map((r) => JSON.stringify(planned.get(r.row)?.errors ?? r.errors));
    await tx.run(markApplied, [businessId, id, rows.map((r) => r.row), outcomes, errors]);
    await tx.getRepository(Import).increment({ businessId, id }, 'progressDone', rows.length);
    return rows[rows.length - 1].row + 1;
  }
}
