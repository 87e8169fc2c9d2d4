#!/usr/bin/env node
/**
 * service-sandbox CLI.
 *
 *   service-sandbox serve [--host 127.0.0.1] [--port 4010] [--fixtures fixtures/default.json] [--state FILE]
 *
 * Exit codes: 0 after a clean shutdown (SIGTERM/SIGINT), 1 on bad input (fixtures, state file, port).
 */
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { SandboxError } from '../core/errors.ts'
import { FixtureError } from '../core/fixtures/load-fixtures.ts'
import type { SandboxState } from '../core/store/state.ts'
import { createSandbox } from '../sandbox.ts'
import { createNodeServer } from '../server/node-server.ts'
import {
  createStateWriter,
  readStateFile,
  removeStaleTempFiles,
  StateFileError,
} from '../server/state-file.ts'

const DEFAULT_FIXTURES = fileURLToPath(new URL('../../fixtures/default.json', import.meta.url))

const usage = `Usage: service-sandbox serve [options]

Options:
  --host HOST        address to listen on (default 127.0.0.1)
  --port PORT        port (default 4010; 0 picks a free one)
  --fixtures FILE    seed data (default fixtures/default.json)
  --state FILE       keep the state in FILE across restarts (written atomically)
  --issuer URL       the iss of issued tokens (default https://sandbox.service.test)
  -h, --help         this text`

async function readFixtures(file: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new FixtureError(file, [`cannot read the file: ${(error as Error).message}`])
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new FixtureError(file, [`not valid JSON: ${(error as Error).message}`])
  }
}

export async function serve(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4010' },
      fixtures: { type: 'string', default: DEFAULT_FIXTURES },
      state: { type: 'string' },
      issuer: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const port = Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535, got ${values.port}`)
  const started = performance.now()
  const fixtures = await readFixtures(values.fixtures)
  const writer = values.state ? createStateWriter(values.state) : undefined
  if (values.state) await removeStaleTempFiles(values.state)
  const saved = values.state ? await readStateFile(values.state) : undefined

  let sandbox: Awaited<ReturnType<typeof createSandbox>>
  try {
    sandbox = await createSandbox({
      fixtures: fixtures as never,
      fixturesSource: values.fixtures,
      ...(saved !== undefined ? { state: saved as SandboxState } : {}),
      ...(values.issuer ? { issuer: values.issuer } : {}),
      ...(writer ? { onChange: (state: SandboxState) => writer.write(state) } : {}),
    })
  } catch (error) {
    // A restored state replaces the fixtures, so whatever failed here came from the state file
    // (a bad record, or a signing key that does not import).
    if (saved !== undefined && values.state) {
      const where =
        error instanceof SandboxError && error.errors?.length
          ? error.errors
              .slice(0, 5)
              .map((e) => `${e.name} ${e.message}`)
              .join('; ')
          : (error as Error).message
      throw new StateFileError(
        values.state,
        `its content is not a valid sandbox state (${where}). Nothing was overwritten.`,
      )
    }
    throw error
  }
  if (writer && saved === undefined) await writer.write(sandbox.exportState())

  const server = createNodeServer(sandbox.dispatch)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, values.host, resolve)
  })
  const address = server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  const host = values.host.includes(':') ? `[${values.host}]` : values.host
  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`service-sandbox: ${signal}, shutting down`)
    server.close()
    server.closeIdleConnections()
    try {
      // Attempts in flight are aborted unrecorded: their deliveries stay pending in the state and run again.
      await sandbox.close()
      await writer?.flush()
      process.exit(0)
    } catch (error) {
      console.error(
        `service-sandbox: the last state write failed during shutdown: ${(error as Error).message}`,
      )
      process.exit(1)
    }
  }
  // `on`, not `once`: a second signal during the shutdown must find the handler (and be ignored by it),
  // not the default action that would kill the process before the last state write.
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))

  // Announce readiness only once the signal handlers are in place: a SIGTERM sent on seeing this line
  // must shut down gracefully, not kill the process with the default action.
  const ms = Math.round(performance.now() - started)
  console.log(
    `service-sandbox listening on http://${host}:${actualPort} (ready in ${ms} ms; ` +
      `fixtures ${values.fixtures}${values.state ? `; state ${values.state}${saved !== undefined ? ' (restored)' : ' (new)'}` : ''})`,
  )
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  if (command === 'serve') return serve(rest)
  if (command === undefined || command === '-h' || command === '--help') {
    console.log(usage)
    return
  }
  throw new Error(`Unknown command ${command}.\n${usage}`)
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('service-sandbox')) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    // Bad input gets its message, not a stack trace.
    const message =
      error instanceof FixtureError || error instanceof StateFileError
        ? error.message
        : String((error as Error)?.message ?? error)
    console.error(`service-sandbox: ${message}`)
    process.exit(1)
  })
}
