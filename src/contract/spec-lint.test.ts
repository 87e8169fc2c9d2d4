import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'

const root = fileURLToPath(new URL('../../', import.meta.url))
// The bin is a node script; running it with this process's node avoids depending on PATH or its shebang.
const redocly = join(root, 'node_modules/.bin/redocly')
const config = join(root, 'redocly.yaml')
const specPath = join(root, 'spec/openapi.yaml')

type LintProblem = { ruleId: string; severity: 'error' | 'warn'; message: string }
type LintReport = { totals: { errors: number; warnings: number; ignored: number }; problems: LintProblem[] }

/** Runs `redocly lint --format=json` on a file and returns its report; lint exits 1 when it finds errors. */
function lint(file: string): Promise<{ code: number; report: LintReport; stderr: string }> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      [redocly, 'lint', file, '--format=json', '--config', config],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
        // No telemetry or update check: the test must not reach the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1
        try {
          done({ code, report: JSON.parse(stdout) as LintReport, stderr })
        } catch {
          fail(new Error(`redocly lint did not print JSON (exit ${code}): ${stderr || stdout}`))
        }
      },
    )
  })
}

const temporary: string[] = []

describe('spec lint', () => {
  afterAll(async () => {
    await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('finds no errors and no warnings in spec/openapi.yaml', async () => {
    const { code, report } = await lint(specPath)

    expect(report.problems).toEqual([])
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 })
    expect(code).toBe(0)
  })

  it('reports a $ref to a missing schema and an operation with no responses', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'spec-lint-'))
    temporary.push(dir)
    const document = parse(await readFile(specPath, 'utf8'), { merge: true, maxAliasCount: 1000 }) as {
      paths: Record<string, Record<string, { responses?: unknown; requestBody?: unknown }>>
    }
    const confirm = document.paths['/vendor/bill/confirm']?.post
    const register = document.paths['/event/register']?.post
    if (confirm === undefined || register === undefined) throw new Error('the spec changed shape')
    confirm.requestBody = {
      content: { 'application/json': { schema: { $ref: '#/components/schemas/DoesNotExist' } } },
    }
    // An empty map, not a deleted key: OpenAPI 3.1 made `responses` optional, and the recommended rules
    // only check a responses map that is there (operation-2xx-response).
    register.responses = {}
    const broken = join(dir, 'openapi.yaml')
    await writeFile(broken, stringify(document))

    const { code, report } = await lint(broken)

    expect(code).toBe(1)
    expect(report.totals.errors).toBeGreaterThanOrEqual(2)
    const errors = report.problems.filter((problem) => problem.severity === 'error')
    expect(errors).toContainEqual(
      expect.objectContaining({ ruleId: 'no-unresolved-refs', message: "Can't resolve $ref" }),
    )
    expect(errors).toContainEqual(
      expect.objectContaining({
        ruleId: 'operation-2xx-response',
        message: 'Operation must have at least one `2XX` response.',
      }),
    )
  })
})
