/**
 * The node:http adapter: reads the request (bounded to MAX_BODY_BYTES), calls dispatch, writes the answer.
 * No Web Request/Response per call (DESIGN.md: that alone costs 60% of throughput).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Dispatch } from '../http/dispatch.ts'
import { MAX_BODY_BYTES, type SandboxRequest } from '../http/types.ts'

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      // Keep at most one byte over the limit: dispatch answers 400 BODY_TOO_LARGE, memory stays bounded.
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk.subarray(0, MAX_BODY_BYTES + 1 - size))
        size += chunk.length
      }
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export function toSandboxRequest(req: IncomingMessage, rawBody: string, origin: string): SandboxRequest {
  const url = new URL(req.url ?? '/', origin)
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers,
    rawBody,
    origin,
  }
}

export function createNodeServer(dispatch: Dispatch): Server {
  return createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const origin = `http://${req.headers.host ?? 'localhost'}`
      const response = await dispatch(toSandboxRequest(req, await readBody(req), origin))
      const body = response.json !== undefined ? JSON.stringify(response.json) : (response.text ?? '')
      res.writeHead(response.status, { ...response.headers, 'content-length': Buffer.byteLength(body) })
      res.end(body)
    } catch {
      // dispatch never throws; this is a broken socket or the like. Answer if we still can.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/problem+json' })
      res.end()
    }
  })
}
