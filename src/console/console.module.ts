import { Module } from '@nestjs/common';
import { ServeStaticModule, ServeStaticModuleOptions } from '@nestjs/serve-static';
import { ServerResponse } from 'http';
import { CONSOLE_DIST } from './console-build';

const files: ServeStaticModuleOptions = {
  rootPath: CONSOLE_DIST,
  serveRoot: '/console',
  // a missing asset is a 404, not index.html
  exclude: ['/console/assets/{*any}'],
  serveStaticOptions: {
    index: 'index.html',
    dotfiles: 'ignore',
    // no 301 from /console to /console/ (its CSP would be express's, not the console's): index.html at both
    redirect: false,
    setHeaders: (res: ServerResponse, file: string) => {
      res.setHeader('Cache-Control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  },
};

/**
 * Serves the built console at /console (docs/api.md 16): its files under it, index.html at /console
 * and for every other path below it (the console's router reads the URL). Hashed assets are cached
 * for good, index.html never. The CSP is common/security/security-headers.ts's.
 */
@Module({
  imports: [ServeStaticModule.forRoot(files, { ...files, renderPath: '' })],
})
export class ConsoleModule {}
