/* CPU time of the processes of a load, read from /proc (Linux): the API process, every PostgreSQL process, this process (the load generator and the webhook receiver), and the whole machine. */
import * as fs from 'fs';

export interface CpuSnapshot {
  /** clock ticks (user + system) */
  api: number;
  apiSystem: number;
  postgres: number;
  postgresSystem: number;
  /** microseconds, this process */
  bench: number;
  /** clock ticks of the whole machine, busy and idle */
  busy: number;
  idle: number;
  /** PostgreSQL's clock ticks per server of this machine (Debian's cluster name: main, citus_coord, citus_w1, ...) */
  postgresByServer: Record<string, number>;
}

/** Debian's clusters of PostgreSQL 15: each postmaster's pid, by cluster name. */
function postmasters(): Map<string, string> {
  const root = '/var/lib/postgresql/15';
  const found = new Map<string, string>();
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    try {
      found.set(fs.readFileSync(`${root}/${name}/postmaster.pid`, 'utf8').split('\n')[0], name);
    } catch {
      // a cluster that is not running
    }
  }
  return found;
}

const TICK_US = 10_000; // USER_HZ = 100

/** A process's own CPU ticks, and those of its children that have exited (the postmaster's: closed connections). */
function processTicks(pid: string): { user: number; system: number; comm: string; parent: string } | undefined {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = raw.slice(raw.indexOf('(') + 1, raw.lastIndexOf(')'));
    const fields = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { user: Number(fields[11]) + Number(fields[13]), system: Number(fields[12]) + Number(fields[14]), comm, parent: fields[1] };
  } catch {
    return undefined; // exited meanwhile
  }
}

/** A process's CPU time so far (user + system), in microseconds. */
export function processCpuUs(pid: number): number {
  const ticks = processTicks(String(pid));
  if (!ticks) throw new Error(`process ${pid} is gone`);
  return (ticks.user + ticks.system) * TICK_US;
}

/** `apiPid` undefined: no API process (a reference load), its figures 0. */
export function cpuSnapshot(apiPid: number | undefined): CpuSnapshot {
  const api = apiPid === undefined ? undefined : processTicks(String(apiPid));
  let postgres = 0;
  let postgresSystem = 0;
  const servers = postmasters();
  const postgresByServer: Record<string, number> = {};
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const p = processTicks(pid);
    if (p?.comm !== 'postgres') continue;
    postgres += p.user + p.system;
    postgresSystem += p.system;
    // a backend is its postmaster's child
    const server = servers.get(pid) ?? servers.get(p.parent) ?? 'other';
    postgresByServer[server] = (postgresByServer[server] ?? 0) + p.user + p.system;
  }
  const machine = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const usage = process.cpuUsage();
  const idle = machine[3] + machine[4];
  return {
    api: (api?.user ?? 0) + (api?.system ?? 0),
    apiSystem: api?.system ?? 0,
    postgres,
    postgresSystem,
    bench: usage.user + usage.system,
    busy: machine.reduce((a, b) => a + b, 0) - idle,
    idle,
    postgresByServer,
  };
}

/** Microseconds of CPU per request between two snapshots, per process group. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): string {
  const per = (key: Exclude<keyof CpuSnapshot, 'bench' | 'postgresByServer'>) => Math.round(((after[key] - before[key]) * TICK_US) / requests);
  const bench = Math.round((after.bench - before.bench) / requests);
  const byServer = Object.keys(after.postgresByServer)
    .map((name) => [name, Math.round((((after.postgresByServer[name] ?? 0) - (before.postgresByServer[name] ?? 0)) * TICK_US) / requests)] as const)
    .filter(([, us]) => us > 0)
    .map(([name, us]) => `${name} ${us}`)
    .join(', ');
  return `CPU us/request: API ${per('api')} (system ${per('apiSystem')}), PostgreSQL ${per('postgres')} (system ${per('postgresSystem')}; by server: ${byServer}), load generator ${bench}, machine busy ${per('busy')}, idle ${per('idle')}`;
}
