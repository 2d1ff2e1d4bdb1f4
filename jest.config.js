// Unit tests sit beside the pure functions in src/; e2e specs live in test/ and boot the real app
// against the throwaway PostgreSQL database prepared by the e2e project's globalSetup.
const tsJest = ['ts-jest', { diagnostics: false }];
module.exports = {
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      rootDir: __dirname,
      testMatch: ['<rootDir>/src/**/*.spec.ts'],
      transform: { '^.+\\.ts$': tsJest },
    },
    {
      displayName: 'e2e',
      testEnvironment: '<rootDir>/test/helpers/e2e-environment.js',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/global-setup.js',
      globalTeardown: '<rootDir>/test/global-teardown.js',
      transform: { '^.+\\.ts$': tsJest },
    },
  ],
};
