import { ensureConsoleBuilt } from './console-build';

/** `npm run console:build`: the console's build now (the image's build stage; `npm start` does it by itself). */
ensureConsoleBuilt(undefined, (msg) => process.stdout.write(`${msg}\n`)).then(
  (built) => built || process.stdout.write('the console build is up to date\n'),
  (err: unknown) => {
    process.stderr.write(`${String(err)}\n`);
    process.exit(1);
  },
);
