import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { parse, stringify } from 'yaml'
import { generatedFiles } from './generate.ts'

const root = fileURLToPath(new URL('../', import.meta.url))
const specPath = join(root, 'spec/openapi.yaml')
const temporary: string[] = []

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, args, { cwd }, (error, stdout, stderr) => {
      done({ code: error === null ? 0 : typeof error.code === 'number' ? error.code : -1, stdout, stderr })
    })
  })
}

/** A temporary copy of what `scripts/generate.ts` reads and writes, with node_modules linked in. */
async function copyOfRepo(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'generate-check-'))
  temporary.push(dir)
  for (const path of ['spec', 'scripts', 'src/generated']) {
    await cp(join(root, path), join(dir, path), { recursive: true })
  }
  // package.json carries `"type": "module"`, so Node reads the script as ESM as it does in the repo.
  await cp(join(root, 'package.json'), join(dir, 'package.json'))
  await symlink(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir')
  return dir
}

describe('scripts/generate.ts', () => {
  afterAll(async () => {
    await Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true })))
  })

  it('produces exactly the committed src/generated files from the committed spec', async () => {
    const files = await generatedFiles(await readFile(specPath, 'utf8'))

    expect([...files.keys()].sort()).toEqual(['src/generated/openapi.ts', 'src/generated/spec.ts'])
    for (const [path, content] of files) {
      // toBe, not a diff of the whole file: a stale file should fail fast with the file named.
      expect(content === (await readFile(join(root, path), 'utf8')), `${path} is stale`).toBe(true)
    }
  })

  it('produces different types when the spec gains a schema property', async () => {
    const document = parse(await readFile(specPath, 'utf8'), { merge: true, maxAliasCount: 1000 }) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> }
    }
    const bill = document.components.schemas.Bill
    if (bill === undefined) throw new Error('the spec no longer has the Bill schema')
    bill.properties.archivedAt = { type: 'string', format: 'date-time' }

    const files = await generatedFiles(stringify(document))
    const types = files.get('src/generated/openapi.ts')

    expect(types).not.toBe(await readFile(join(root, 'src/generated/openapi.ts'), 'utf8'))
    expect(types).toContain('archivedAt?: string')
  })

  it('exits 1 with "Stale generated files" when --check finds an altered file, and 0 otherwise', async () => {
    const dir = await copyOfRepo()
    const script = join(dir, 'scripts/generate.ts')

    const fresh = await run([script, '--check'], dir)
    expect(fresh.stdout).toContain('generated files are up to date')
    expect(fresh.code).toBe(0)

    const target = join(dir, 'src/generated/openapi.ts')
    await writeFile(target, `${await readFile(target, 'utf8')}// edited by hand\n`)
    const stale = await run([script, '--check'], dir)

    expect(stale.stderr).toContain('Stale generated files (run `npm run generate`): src/generated/openapi.ts')
    expect(stale.code).toBe(1)
    // --check writes nothing.
    expect(await readFile(target, 'utf8')).toMatch(/\/\/ edited by hand\n$/)
  })
})
