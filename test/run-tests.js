#!/usr/bin/env node
/*
 * `npm test`: unit and e2e tests against a real PostgreSQL, in a fresh throwaway database per run
 * (the e2e project's globalSetup/globalTeardown, test/global-setup.js, prepare and remove it), two
 * workers by default, then the console's Vitest tests (console/src/**\/*.test.ts, jsdom); it fails
 * when either fails. Arguments go to jest: `npm test -- test/orders.e2e-spec.ts` runs that file only;
 * arguments that all name files under console/ go to Vitest instead.
 */
const { spawn } = require('child_process');
const path = require('path');

const args = process.argv.slice(2);
const paths = args.filter((a) => !a.startsWith('-'));
const consoleOnly = paths.length > 0 && paths.every((p) => path.resolve(p).startsWith(path.resolve(__dirname, '..', 'console') + path.sep));
const runJest = !consoleOnly;
const runVitest = paths.length === 0 || consoleOnly;

function run(argv) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, argv, { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'error' } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function main() {
  let failed = 0;
  if (runJest) {
    const jestArgs = [require.resolve('jest/bin/jest'), '--config', 'jest.config.js', ...args];
    if (!jestArgs.some((a) => a.startsWith('--maxWorkers') || a === '-i' || a === '--runInBand')) jestArgs.push('--maxWorkers=2');
    failed = (await run(jestArgs)) || failed;
  }
  if (runVitest) {
    const vitest = path.join(path.dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
    const files = consoleOnly ? paths.map((p) => path.relative(path.join(__dirname, '..', 'console'), path.resolve(p))) : [];
    failed = (await run([vitest, 'run', '--config', path.join(__dirname, '..', 'console', 'vite.config.mts'), ...files])) || failed;
  }
  process.exit(failed);
}

void main();
