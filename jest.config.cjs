// Two projects: server code runs in node (and needs agenda's ESM transformed),
// browser code runs in jsdom with React Testing Library.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
  },
];

module.exports = {
  // A ceiling, not a budget: a test should need a few seconds, but a CI machine busy with other
  // work must not turn a slow render into a failure. Waits inside tests use RTL's asyncUtilTimeout
  // (web-kit/jest.setup.ts) or their own explicit timeouts.
  testTimeout: 60_000,
  // Jest's default on a 2-core machine is ONE worker (cores - 1); the tests mostly wait on databases,
  // child processes and timers, so two run side by side well. Every test file has its own database,
  // free ports and key prefixes, so files never share state.
  maxWorkers: 2,
  // Every file's time is kept for the closing "ten slowest files" list of `npm test`.
  reporters: ['default', '<rootDir>/scripts/test-timing/jest-file-times.reporter.cjs'],
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      roots: [
        '<rootDir>/contracts',
        '<rootDir>/integrations',
        '<rootDir>/api',
        '<rootDir>/jobs',
        '<rootDir>/server',
        '<rootDir>/scripts',
      ],
      testMatch: ['**/__tests__/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      transformIgnorePatterns: ['/node_modules/(?!(agenda|@agendajs|jose)/)'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/web-kit',
        '<rootDir>/shell',
        '<rootDir>/mfe-orders',
        '<rootDir>/mfe-catalogue',
        '<rootDir>/mfe-channels',
        '<rootDir>/mfe-admin',
        '<rootDir>/mfe-hosted',
      ],
      testMatch: ['**/__tests__/**/*.test.tsx', '**/__tests__/**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      setupFilesAfterEnv: ['<rootDir>/web-kit/jest.setup.ts'],
      moduleNameMapper: {
        '\\.css$': '<rootDir>/web-kit/jest.style-stub.cjs',
        // @ant-design/icons' CommonJS build requires an ES-module file of @ant-design/colors; use its CommonJS twin.
        '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
      },
    },
  ],
};
