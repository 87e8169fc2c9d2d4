/**
 * The CLI as a user runs it: `node src/cli/main.ts serve ...` in a child process on 127.0.0.1 and a free
 * port. State survives a graceful restart and repeated kill -9 under load; bad state and fixture files
 * give exit code 1 and a message naming the file, never a stack trace. Every request to the sandbox goes
 * through checkedFetch, so every answer is also checked against the spec.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSandbox } from '../sandbox.ts'
import { checkedFetch } from '../testing/checked-fetch.ts'
import { defaultFixtures } from '../testing/harness.ts'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const MAIN = join(REPO_ROOT, 'src/cli/main.ts')
/** Upper bound for a start, an exit, a request: generous, so a loaded CI machine does not flake. */
const BOUND_MS = 10_000

const fetchChecked = checkedFetch()
const running = new Set<ChildProcess>()

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

interface Cli {
  child: ChildProcess
  stdout(): string
  stderr(): string
  exited: Promise<Exit>
}

function spawnCli(args: string[]): Cli {
  const child = spawn(process.execPath, [MAIN, ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  })
  running.add(child)
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      running.delete(child)
      resolve({ code, signal, stdout, stderr })
    })
  })
  return { child, stdout: () => stdout, stderr: () => stderr, exited }
}

function within<T>(promise: Promise<T>, what: string, ms = BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Runs the CLI to its end (bounded). */
function runCli(args: string[]): Promise<Exit> {
  const cli = spawnCli(args)
  return within(cli.exited, `service-sandbox ${args.join(' ')} to exit`).catch((error: unknown) => {
    cli.child.kill('SIGKILL')
    throw error
  })
}

interface Server extends Cli {
  baseUrl: string
  /** The first line printed, `service-sandbox listening on ...`. */
  banner: string
}

/** Starts `serve` on a free port and resolves once it prints its listening line (bounded). */
async function startServer(args: string[]): Promise<Server> {
  const cli = spawnCli(['serve', '--port', '0', ...args])
  const listening = new Promise<string>((resolve, reject) => {
    const onData = () => {
      // Complete lines only: a chunk may end inside the port number.
      const line = cli
        .stdout()
        .split('\n')
        .slice(0, -1)
        .find((l) => /listening on http:\/\/127\.0\.0\.1:\d+ /.test(l))
      if (line) {
        cli.child.stdout?.off('data', onData)
        resolve(line)
      }
    }
    cli.child.stdout?.on('data', onData)
    void cli.exited.then((exit) =>
      reject(new Error(`the server exited (${exit.code ?? exit.signal}) before listening: ${exit.stderr}`)),
    )
  })
  try {
    const banner = await within(listening, 'the listening line')
    const port = /127\.0\.0\.1:(\d+)/.exec(banner)?.[1]
    return { ...cli, baseUrl: `http://127.0.0.1:${port}`, banner }
  } catch (error) {
    cli.child.kill('SIGKILL')
    throw error
  }
}

async function stopServer(server: Server, signal: NodeJS.Signals): Promise<Exit> {
  server.child.kill(signal)
  return within(server.exited, `the server to exit after ${signal}`)
}

const ADMIN = { email: 'ada@acme.example', password: 'sandbox-admin-1' }

async function signIn(baseUrl: string): Promise<string> {
  const response = await fetchChecked(`${baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
    signal: AbortSignal.timeout(BOUND_MS),
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

function headers(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, 'x-identifier': 'SERVICE', 'content-type': 'application/json' }
}

const newBill = {
  VendorBillPayload: {
    vendorID: 'ven_cloudco',
    lineItems: [{ description: 'x', quantity: 1, unitAmount: 100 }],
  },
}

async function createBill(baseUrl: string, token: string): Promise<{ billID: string; status: number }> {
  const response = await fetchChecked(`${baseUrl}/vendor/bill`, {
    method: 'POST',
    headers: headers(token),
    body: JSON.stringify(newBill),
    signal: AbortSignal.timeout(BOUND_MS),
  })
  const body = (await response.json()) as { billID: string }
  return { billID: body.billID, status: response.status }
}

async function getBill(baseUrl: string, token: string, billID: string): Promise<Response> {
  return fetchChecked(`${baseUrl}/vendor/bill?billID=${encodeURIComponent(billID)}`, {
    headers: headers(token),
    signal: AbortSignal.timeout(BOUND_MS),
  })
}

/** Every bill ID the business lists, page by page (100 a page). */
async function listAllBillIDs(baseUrl: string, token: string): Promise<string[]> {
  const ids: string[] = []
  for (let page = 1; page < 1000; page++) {
    const response = await fetchChecked(`${baseUrl}/vendor/bill/list?size=100&page=${page}`, {
      headers: headers(token),
      signal: AbortSignal.timeout(BOUND_MS),
    })
    expect(response.status).toBe(200)
    const bills = (await response.json()) as { billID: string }[]
    if (bills.length === 0) return ids
    ids.push(...bills.map((b) => b.billID))
  }
  throw new Error('more than 1000 pages of bills')
}

interface SavedState {
  collections: { bills: { billID: string; businessID: string }[] }
}

async function readSavedState(file: string): Promise<SavedState> {
  // JSON.parse throws on a torn file: that is the assertion.
  return JSON.parse(await readFile(file, 'utf8')) as SavedState
}

/** One line, naming the file, no stack frames. */
function expectCleanError(stderr: string, file: string): void {
  const text = stderr.trim()
  expect(text).toMatch(/^service-sandbox: /)
  expect(text).toContain(file)
  expect(text).not.toMatch(/^\s+at /m)
  expect(text).not.toContain('node:internal')
}

// Each test starts one to eight processes; the per-step bounds above keep every wait finite.
describe('service-sandbox CLI', { timeout: 60_000 }, () => {
  let dir: string
  let stateFile: string

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sandbox-cli-'))
    stateFile = join(dir, 'state.json')
  })
  afterEach(async () => {
    for (const child of running) child.kill('SIGKILL')
    await rm(dir, { recursive: true, force: true })
  })

  describe('--state across a graceful restart', () => {
    it('keeps a created bill and the tokens issued before the restart', async () => {
      const first = await startServer(['--state', stateFile])
      expect(first.banner).toContain(`state ${stateFile} (new)`)
      const token = await signIn(first.baseUrl)
      const created = await createBill(first.baseUrl, token)
      expect(created.status).toBe(200)
      const before = (await (await getBill(first.baseUrl, token, created.billID)).json()) as unknown

      const stopped = await stopServer(first, 'SIGTERM')
      expect(stopped.code).toBe(0)
      expect(stopped.stdout).toContain('service-sandbox: SIGTERM, shutting down')
      expect(stopped.stderr).toBe('')

      const second = await startServer(['--state', stateFile])
      expect(second.banner).toContain(`state ${stateFile} (restored)`)
      // The old token: the signing key is part of the state, so it still verifies.
      const response = await getBill(second.baseUrl, token, created.billID)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual(before)
      // And the fixtures were not loaded over the saved state a second time.
      expect(await listAllBillIDs(second.baseUrl, token)).toContain(created.billID)
      expect((await stopServer(second, 'SIGTERM')).code).toBe(0)
    })

    it('shuts down gracefully when a second signal arrives during the shutdown', async () => {
      for (let round = 0; round < 3; round++) {
        const server = await startServer(['--state', join(dir, `twice-${round}.json`)])
        server.child.kill('SIGTERM')
        server.child.kill('SIGTERM')
        const exit = await within(server.exited, 'the server to exit after two signals')
        expect(exit).toMatchObject({ code: 0, signal: null })
        expect(exit.stdout).toContain('service-sandbox: SIGTERM, shutting down')
      }
    })

    it('shuts down gracefully on a SIGTERM sent the moment it says it is listening', async () => {
      // The handlers must be in place before the line is printed; a few rounds, since this is a race.
      for (let round = 0; round < 5; round++) {
        const server = await startServer(['--state', stateFile])
        const exit = await stopServer(server, 'SIGTERM')
        expect({ code: exit.code, signal: exit.signal }).toEqual({ code: 0, signal: null })
        expect(exit.stdout).toContain('service-sandbox: SIGTERM, shutting down')
      }
    })

    it('writes the state file at start, before any request, as a whole sandbox state', async () => {
      const server = await startServer(['--state', stateFile])
      const saved = await readSavedState(stateFile)
      expect(saved.collections.bills.map((b) => b.billID)).toEqual(
        (defaultFixtures.bills ?? []).map((b) => b.billID),
      )
      expect((await stopServer(server, 'SIGINT')).code).toBe(0)
    })
  })

  describe('a state file that cannot be used', () => {
    async function expectRefused(content: string): Promise<Exit> {
      await writeFile(stateFile, content)
      const before = await stat(stateFile)
      const exit = await runCli(['serve', '--port', '0', '--state', stateFile])
      expect(exit.code).toBe(1)
      expect(exit.stdout).not.toContain('listening')
      expectCleanError(exit.stderr, stateFile)
      expect(exit.stderr.trim()).not.toContain('\n')
      // Left untouched: same content, same modification time.
      expect(await readFile(stateFile, 'utf8')).toBe(content)
      expect((await stat(stateFile)).mtimeMs).toBe(before.mtimeMs)
      return exit
    }

    it('refuses truncated JSON, naming the file', async () => {
      const exit = await expectRefused('{"version":1,')
      expect(exit.stderr).toContain('not valid JSON')
    })

    it('refuses valid JSON with a record that breaks its table schema, naming the record', async () => {
      const sandbox = await createSandbox({ fixtures: defaultFixtures })
      const state = sandbox.exportState()
      const bill = state.collections.bills?.[0]
      if (!bill) throw new Error('the default fixtures have bills')
      bill.status = 'archived'
      const exit = await expectRefused(JSON.stringify(state))
      expect(exit.stderr).toContain('collections.bills[0]')
    })

    it('refuses valid JSON of another version', async () => {
      const sandbox = await createSandbox({ fixtures: defaultFixtures })
      const exit = await expectRefused(JSON.stringify({ ...sandbox.exportState(), version: 2 }))
      expect(exit.stderr).toContain('version')
    })

    it('refuses a signing key that cannot be imported, naming the file', async () => {
      const sandbox = await createSandbox({ fixtures: defaultFixtures })
      const state = { ...sandbox.exportState(), signingKey: { kid: 'k1', privateJwk: { kty: 'nonsense' } } }
      const exit = await expectRefused(JSON.stringify(state))
      expect(exit.stderr).toContain('not a valid sandbox state')
    })

    it('refuses valid JSON that is not an object instead of starting over it', async () => {
      await expectRefused('null')
    })
  })

  describe('a fixtures file with an error', () => {
    it('exits with 1 naming the file and the JSON path, and writes no state', async () => {
      const fixtures = structuredClone(defaultFixtures)
      const bill = fixtures.bills?.[0]
      if (!bill) throw new Error('the default fixtures have bills')
      bill.VendorBillPayload.lineItems = []
      const fixturesFile = join(dir, 'fixtures.json')
      await writeFile(fixturesFile, JSON.stringify(fixtures))
      const exit = await runCli(['serve', '--port', '0', '--fixtures', fixturesFile, '--state', stateFile])
      expect(exit.code).toBe(1)
      expect(exit.stderr).toContain(fixturesFile)
      expect(exit.stderr).toContain('/bills/0/VendorBillPayload/lineItems')
      expect(exit.stderr).not.toMatch(/^\s+at /m)
      await expect(stat(stateFile)).rejects.toMatchObject({ code: 'ENOENT' })
    })

    it('exits with 1 naming the file when it is not JSON', async () => {
      const fixturesFile = join(dir, 'fixtures.json')
      await writeFile(fixturesFile, '{"users": [')
      const exit = await runCli(['serve', '--port', '0', '--fixtures', fixturesFile])
      expect(exit.code).toBe(1)
      expectCleanError(exit.stderr, fixturesFile)
      expect(exit.stderr).toContain('not valid JSON')
    })
  })

  describe('kill -9 under load', { timeout: 120_000 }, () => {
    it('leaves a state file that parses and restarts with every acknowledged bill, three times over', async () => {
      const TOTAL = 200
      const CONCURRENCY = 20
      const KILL_AFTER = 50
      const acknowledged = new Set<string>()

      for (let round = 1; round <= 3; round++) {
        const server = await startServer(['--state', stateFile])
        const token = await signIn(server.baseUrl)

        // Everything acknowledged in earlier rounds is served after the restart.
        for (const billID of acknowledged)
          expect((await getBill(server.baseUrl, token, billID)).status).toBe(200)

        let next = 0
        let responses = 0
        let killed = false
        const worker = async () => {
          while (!killed && next < TOTAL) {
            next++
            try {
              const { billID, status } = await createBill(server.baseUrl, token)
              expect(status).toBe(200)
              acknowledged.add(billID)
              responses++
              if (responses >= KILL_AFTER && !killed) {
                killed = true
                server.child.kill('SIGKILL')
              }
            } catch (error) {
              // Requests cut off by the kill fail; nothing else may.
              if (!killed) throw error
            }
          }
        }
        await within(Promise.all(Array.from({ length: CONCURRENCY }, worker)), 'the burst of creates')
        expect(killed).toBe(true)
        const exit = await within(server.exited, 'the killed server to exit')
        expect(exit.signal).toBe('SIGKILL')

        const saved = await readSavedState(stateFile)
        const savedIDs = new Set(saved.collections.bills.map((b) => b.billID))
        // A create is answered only after the state holding it is on disk.
        for (const billID of acknowledged) expect(savedIDs.has(billID)).toBe(true)

        const restarted = await startServer(['--state', stateFile])
        expect(restarted.banner).toContain('(restored)')
        // Temporary files of writes the kill interrupted are cleared at start.
        expect((await readdir(dirname(stateFile))).filter((name) => name.endsWith('.tmp'))).toEqual([])
        const listed = await listAllBillIDs(restarted.baseUrl, token)
        const acmeInFile = saved.collections.bills
          .filter((b) => b.businessID === 'biz_acme')
          .map((b) => b.billID)
        expect(listed).toEqual(acmeInFile)
        expect((await stopServer(restarted, 'SIGTERM')).code).toBe(0)
      }
      expect(acknowledged.size).toBeGreaterThanOrEqual(3 * KILL_AFTER)
    })
  })

  describe('usage', () => {
    it('prints usage and exits 0 for --help, for serve --help and with no command', async () => {
      for (const args of [['--help'], ['serve', '--help'], []]) {
        const exit = await runCli(args)
        expect(exit.code).toBe(0)
        expect(exit.stdout).toContain('Usage: service-sandbox serve [options]')
        expect(exit.stdout).toContain('--state FILE')
      }
    })

    it('exits 1 for an unknown command, naming it', async () => {
      const exit = await runCli(['frobnicate'])
      expect(exit.code).toBe(1)
      expect(exit.stderr).toContain('Unknown command frobnicate')
      expect(exit.stderr).not.toMatch(/^\s+at /m)
    })

    it('exits 1 for a port out of range', async () => {
      const exit = await runCli(['serve', '--port', '70000'])
      expect(exit.code).toBe(1)
      expect(exit.stderr).toContain('--port must be 0-65535')
    })
  })
})
