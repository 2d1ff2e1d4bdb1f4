/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The console (docs/api.md 16): built by src/console/console-build.ts into console/dist, served at
 * /console. Vite 8 transforms TSX itself (oxc, React's automatic runtime). `test` is Vitest's (the
 * client-side logic: money, URL state), in jsdom.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // no inline script: the module preload helper lives in the entry chunk, never in index.html
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    rolldownOptions: {
      // React libraries' "use client" directives mean nothing in a client-only bundle
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  test: {
    root,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
