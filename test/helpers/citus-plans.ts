import { Client } from 'pg';

/**
 * The statements a request sends, and their plans on a Citus cluster (issue 46, docs/scale-out.md,
 * "What a request touches"). Every query the process's node-pg clients send while `capture` runs is
 * kept with its values: a query with parameters (`{name, text}` or text, values), or a simple-query
 * message of the statement runner (`[BEGIN; ][SET LOCAL ...; ]EXECUTE name(literals)[; ...]`, after its
 * `PREPARE name AS text`). `explainAll` then EXPLAINs each on a connection of its own, as the service
 * plans it (with its values; the same SET LOCALs; prepared statements prepared there too), without
 * running it: EXPLAIN without ANALYZE executes nothing, Citus's subplans included.
 */

/** One statement as sent: text and values, or a prepared statement's EXECUTE with its literals and the commands sent before it. */
export type CapturedStatement =
  { kind: 'text'; text: string; values: unknown[] } | { kind: 'execute'; name: string; text: string; execute: string; settings: string[] };

export interface ExplainedStatement {
  text: string;
  plan: string;
}

type QueryFn = (this: Client, ...args: unknown[]) => unknown;

const COMMANDS = /;\s*(?=(?:BEGIN|COMMIT|ROLLBACK|SET LOCAL|EXECUTE|PREPARE|SAVEPOINT|RELEASE)\b)/;
const PLANNED = /^\s*(SELECT|WITH|INSERT|UPDATE|DELETE)\b/i;

/** Records the statements sent by every node-pg client but the excluded ones (the explaining connection). */
export class StatementCapture {
  private readonly prepared = new Map<string, string>();
  private readonly excluded = new WeakSet<Client>();
  private recording: CapturedStatement[] | null = null;
  private original: QueryFn | null = null;

  install(): void {
    if (this.original) return;

    const proto = Client.prototype as unknown as { query: QueryFn };
    const original = proto.query;
    this.original = original;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const capture = this;
    proto.query = function (this: Client, ...args: unknown[]): unknown {
      if (!capture.excluded.has(this)) capture.note(args[0], args[1]);
      return original.apply(this, args);
    };
  }

  uninstall(): void {
    if (!this.original) return;
    (Client.prototype as unknown as { query: QueryFn }).query = this.original;
    this.original = null;
  }

  /** The statements sent while `work` runs (transaction control and settings left out). */
  async capture(work: () => Promise<unknown>): Promise<CapturedStatement[]> {
    const out: CapturedStatement[] = [];
    this.recording = out;
    try {
      await work();
    } finally {
      this.recording = null;
    }
    return out;
  }

  private note(query: unknown, values: unknown): void {
    const config = typeof query === 'string' ? { text: query } : (query as { text?: string; name?: string; values?: unknown[] } | null);
    const text = config?.text;
    if (typeof text !== 'string') return;
    const params = Array.isArray(values) ? values : config?.values;
    if (params && params.length > 0) {
      if (PLANNED.test(text)) this.recording?.push({ kind: 'text', text, values: params });
      return;
    }
    // a simple-query message: PREPAREs are remembered always (a connection prepares a statement once)
    const settings: string[] = [];
    for (const command of text.split(COMMANDS).map((c) => c.trim())) {
      const prepare = /^PREPARE (\w+) AS ([\s\S]*)$/.exec(command);
      if (prepare) this.prepared.set(prepare[1], prepare[2]);
      else if (/^SET LOCAL /.test(command)) settings.push(command);
      else if (/^EXECUTE \w+/.test(command)) {
        const name = /^EXECUTE (\w+)/.exec(command)![1];
        const statement = this.prepared.get(name);
        if (statement === undefined) throw new Error(`EXECUTE of ${name}, never prepared while captured`);
        if (PLANNED.test(statement)) this.recording?.push({ kind: 'execute', name, text: statement, execute: command, settings: [...settings] });
      } else if (PLANNED.test(command)) this.recording?.push({ kind: 'text', text: command, values: [] });
    }
  }

  /** EXPLAINs each statement on a connection of its own to `databaseUrl` (planned with its values, as on Citus). */
  async explainAll(databaseUrl: string, statements: CapturedStatement[]): Promise<ExplainedStatement[]> {
    const client = new Client({ connectionString: databaseUrl });
    this.excluded.add(client);
    await client.connect();
    const preparedHere = new Set<string>();
    try {
      await client.query(`SET plan_cache_mode TO force_custom_plan`);
      const out: ExplainedStatement[] = [];
      for (const s of statements) {
        await client.query('BEGIN');
        try {
          let rows: { 'QUERY PLAN': string }[];
          if (s.kind === 'text') {
            rows = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.text}`, s.values)).rows;
          } else {
            if (!preparedHere.has(s.name)) {
              await client.query(`PREPARE ${s.name} AS ${s.text}`);
              preparedHere.add(s.name);
            }
            for (const setting of s.settings) await client.query(setting.replace(/force_generic_plan/, 'force_custom_plan'));
            rows = (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${s.execute}`)).rows;
          }
          out.push({ text: s.text, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
        } finally {
          await client.query('ROLLBACK');
        }
      }
      return out;
    } finally {
      await client.end();
    }
  }
}

/** What a Citus plan reaches: its task counts and the worker ports of its tasks (none for a plan Citus does not run). */
export function citusTasksOf(plan: string): { distributed: boolean; taskCounts: number[]; ports: number[] } {
  return {
    distributed: /Custom Scan \(Citus /.test(plan),
    taskCounts: [...plan.matchAll(/Task Count: (\d+)/g)].map((m) => Number(m[1])),
    ports: [...new Set([...plan.matchAll(/Node: host=\S+ port=(\d+)/g)].map((m) => Number(m[1])))],
  };
}
