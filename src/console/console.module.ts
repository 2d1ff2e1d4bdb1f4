import { Module } from '@nestjs/common';
import { ServeStaticModule } from '@nestjs/serve-static';
import { ServerResponse } from 'http';
import { CONSOLE_DIST } from './console-build';

/**
 * Serves the built console at /console (CONTRACT.md 16): its files under it, index.html for every
 * other path below it (the console's router reads the URL). Hashed assets are cached for good,
 * index.html never. The CSP is common/security/security-headers.ts's.
 */
@Module({
  imports: [
    ServeStaticModule.forRoot({
      rootPath: CONSOLE_DIST,
      serveRoot: '/console',
      serveStaticOptions: {
        index: 'index.html',
        dotfiles: 'ignore',
        setHeaders: (res: ServerResponse, file: string) => {
          res.setHeader('Cache-Control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      },
    }),
  ],
})
export class ConsoleModule {}
