/* Sequential latency measurement over one keep-alive connection, for the analytics benchmark. */
import * as http from 'http';
import { percentile } from './bench-support';

export interface Timed {
  status: number;
  ms: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function timedGet(baseUrl: string, path: string, headers: Record<string, string>): Promise<Timed> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: Number(process.hrtime.bigint() - started) / 1e6,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** `n` sequential requests; fails on the first non-2xx answer so a broken endpoint is never timed. */
export async function measure(baseUrl: string, path: string, headers: Record<string, string>, n: number) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const r = await timedGet(baseUrl, path, headers);
    if (r.status < 200 || r.status >= 300) throw new Error(`GET ${path} answered ${r.status}: ${r.body.slice(0, 300)}`);
    times.push(r.ms);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times[times.length - 1] };
}

export function closeAgent(): void {
  agent.destroy();
}
