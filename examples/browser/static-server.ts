/**
 * A tiny static server for the built example: the files Vite wrote, plus msw's worker script straight from
 * node_modules (never a committed copy, so it always matches the msw version in the bundle). It records
 * every path it is asked for, so a test can prove the API calls never left the browser.
 */
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize, sep } from 'node:path'

export const WORKER_PATH = '/mockServiceWorker.js'
const WORKER_FILE = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js')

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
}

export interface StaticServer {
  readonly url: string
  /** Paths requested so far, in order, without query strings. */
  readonly requestedPaths: readonly string[]
  close(): Promise<void>
}

/** The file under root for a URL path, or undefined when the path tries to leave root. */
function fileFor(root: string, pathname: string): string | undefined {
  let relative: string
  try {
    relative = normalize(decodeURIComponent(pathname === '/' ? '/index.html' : pathname))
  } catch {
    return undefined // malformed percent-encoding
  }
  const file = join(root, relative)
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : undefined
}

export async function serveExample(
  root: string,
  options: { host?: string; port?: number } = {},
): Promise<StaticServer> {
  const requestedPaths: string[] = []
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname
    requestedPaths.push(pathname)
    const file = pathname === WORKER_PATH ? WORKER_FILE : fileFor(root, pathname)
    const send = (status: number, body: string | Buffer, type = 'text/plain; charset=utf-8') => {
      // no-store: a rebuilt page or a new msw version must never be served from the browser cache.
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' })
      response.end(body)
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'Method Not Allowed')
    if (!file) return send(404, 'Not Found')
    readFile(file).then(
      (body) => send(200, body, CONTENT_TYPES[extname(file)] ?? 'application/octet-stream'),
      () => send(404, 'Not Found'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve)
  })
  const { address, port } = server.address() as AddressInfo
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    requestedPaths,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
