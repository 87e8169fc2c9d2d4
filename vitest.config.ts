import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'conformance/**/*.test.ts',
      'examples/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    reporters: ['default', './scripts/summary-reporter.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
