import { randomUUID } from 'crypto';
import { createServer, Server } from 'http';
import { errorBody } from '../errors/error-body';

/**
 * The API's port while the process starts (the embedded database, the migrations, which may wait for
 * another process's): GET /health answers 200 (alive), anything else, readiness included, 503. A load
 * balancer thus sees a starting process as alive but not ready, instead of a refused connection.
 */
export async function listenWhileStarting(port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/health') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 'ok' }));
      return;
    }
    const body = errorBody('SERVICE_UNAVAILABLE', randomUUID(), 'The server is starting: migrations are being applied; retry the request');
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1', Connection: 'close' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
