/**
 * Ends a vitest run with one plain line, `Tests: N passed, N failed, N skipped`, the closing line CI
 * tooling reads in any language. Vitest's own summary stays as it is, above it.
 */
import type { Reporter, TestModule } from 'vitest/node'

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === 'passed') counts.passed++
        else if (state === 'failed') counts.failed++
        else counts.skipped++
      }
      // A file that failed to load has no tests; count it as a failure so it cannot pass unseen.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) counts.failed++
    }
    console.log(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
  }
}
