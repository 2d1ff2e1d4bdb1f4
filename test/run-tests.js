#!/usr/bin/env node
/*
 * `npm test`: unit and e2e tests against a real PostgreSQL, in a fresh throwaway database per run
 * (the e2e project's globalSetup/globalTeardown, test/global-setup.js, prepare and remove it), two
 * workers by default. Arguments go to jest: `npm test -- test/orders.e2e-spec.ts`.
 */
const { spawn } = require('child_process');

const jestArgs = [require.resolve('jest/bin/jest'), '--config', 'jest.config.js', ...process.argv.slice(2)];
if (!jestArgs.some((a) => a.startsWith('--maxWorkers') || a === '-i' || a === '--runInBand')) jestArgs.push('--maxWorkers=2');
const child = spawn(process.execPath, jestArgs, { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL || 'error' } });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
