/**
 * The browser example for humans: builds the page and serves it with msw's worker on 127.0.0.1.
 *
 *   node examples/browser/serve.ts [--host 127.0.0.1] [--port 5180]
 *
 * Open the printed URL: the sandbox runs in the tab, no API server is involved. The build goes to a
 * temporary directory that is removed on exit, so nothing lands in the working tree.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { buildExample } from './build-example.ts'
import { serveExample } from './static-server.ts'

const { values } = parseArgs({
  options: {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '5180' },
  },
})

const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`--port must be a port number, got ${values.port}`)
  process.exit(1)
}

const outDir = await mkdtemp(join(tmpdir(), 'service-sandbox-browser-'))
await buildExample(outDir)
const server = await serveExample(outDir, { host: values.host, port })
console.log(`service-sandbox browser example: ${server.url}/`)
console.log(`  same page against a made-up API origin: ${server.url}/?api=http://api.sandbox.test`)

async function shutdown(): Promise<void> {
  await server.close()
  await rm(outDir, { recursive: true, force: true })
  process.exit(0)
}
process.once('SIGINT', shutdown)
process.once('SIGTERM', shutdown)
