// @ts-check
// Modelled on the eslint.config.mjs that `nest new` generates (@nestjs/schematics 11 /
// nestjs/typescript-starter): @eslint/js recommended + typescript-eslint recommendedTypeChecked
// (type-aware, through the TypeScript project service and tsconfig.json) + Prettier as an ESLint rule.
import eslint from '@eslint/js';
import eslintPluginPrettierRecommended from 'eslint-plugin-prettier/recommended';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const unusedVarsOptions = {
  args: 'after-used',
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrorsIgnorePattern: '^_',
  destructuredArrayIgnorePattern: '^_',
  ignoreRestSiblings: true,
};

export default defineConfig(
  globalIgnores(['dist/', 'node_modules/', 'coverage/', '.data/', 'eslint.config.mjs', 'test/generated/', 'console/dist/', 'console/dist.*/']),

  // TypeScript: everything tsconfig.json includes (src, test, bench, migrations, ormconfig.ts).
  {
    files: ['**/*.ts'],
    extends: [eslint.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: {
        ...globals.node,
        ...globals.jest,
      },
      sourceType: 'commonjs',
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unused-vars': ['error', unusedVarsOptions],
    },
  },

  // The console (console/, docs/api.md 16): TypeScript and TSX for the browser, typed by console/tsconfig.json.
  {
    files: ['console/**/*.ts', 'console/**/*.tsx', 'console/**/*.mts'],
    extends: [eslint.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: { ...globals.browser },
      sourceType: 'module',
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', unusedVarsOptions],
    },
  },

  // Tests and benchmarks read untyped JSON response bodies (supertest's `body: any`) on every line;
  // the unsafe-any rules guard src/, where types come from DTOs and entities.
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // docs/api.md 1: a UUID is taken in any letter case and lower-cased, by one rule (IsUuid, UuidParam);
  // text limits count code points, by one rule (CharLength): class-validator's count leaves some out.
  {
    files: ['src/**/*.ts'],
    ignores: ['src/common/validation/decorators.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'class-validator', importNames: ['IsUUID', 'isUUID'], message: 'Use IsUuid or parseUuid from src/common/validation/decorators.ts.' },
            { name: '@nestjs/common', importNames: ['ParseUUIDPipe'], message: 'Use UuidParam from src/common/validation/uuid-param.ts.' },
            {
              name: 'class-validator',
              importNames: ['MaxLength', 'MinLength', 'Length', 'maxLength', 'minLength', 'length', 'isLength'],
              message: 'Use MaxChars or CharLength from src/common/validation/text-length.ts: limits count characters (code points).',
            },
          ],
        },
      ],
    },
  },

  // Plain JavaScript (test/run-tests.js, jest.config.js, ...): Node CommonJS scripts, no type information.
  {
    files: ['**/*.js', '**/*.cjs'],
    extends: [eslint.configs.recommended],
    languageOptions: {
      globals: {
        ...globals.node,
      },
      sourceType: 'commonjs',
    },
    rules: {
      'no-unused-vars': ['error', unusedVarsOptions],
    },
  },

  // Prettier last: reports formatting as `prettier/prettier` and turns off the stylistic rules it owns.
  eslintPluginPrettierRecommended,
  {
    rules: {
      'prettier/prettier': ['error', { endOfLine: 'auto' }],
    },
  },
);
