/**
 * A real webhook receiver for tests: an HTTP server on 127.0.0.1 and a free port that records every
 * request and answers as the test scripts it (default 204). Waits are bounded: `waitFor` fails after its
 * timeout instead of hanging the test.
 *
 * @example
 *   const receiver = await startReceiver()
 *   receiver.answer({ status: 500 })              // the first request gets 500, later ones 204
 *   const [first] = await receiver.waitFor(1)
 *   new Webhook(secret).verify(first.body, first.headers)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  method: string
  path: string
  headers: Record<string, string>
  body: string
}

export type Answer = { status: number; headers?: Record<string, string> } | { hang: true }

export interface WebhookReceiver {
  /** The URL to subscribe: http://127.0.0.1:PORT/hook */
  readonly url: string
  readonly received: readonly ReceivedWebhook[]
  /** Answers for the next requests, in order; once they are used up, requests get 204. */
  answer(...answers: Answer[]): void
  /** Resolves with the requests once `count` arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = []
  const script: Answer[] = []
  const waiters = new Set<() => void>()
  const hanging = new Set<ServerResponse>()

  const server = createServer(async (req, res) => {
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers[name] = value
    }
    received.push({ method: req.method ?? '', path: req.url ?? '', headers, body: await readBody(req) })
    for (const waiter of waiters) waiter()
    const answer = script.shift() ?? { status: 204 }
    if ('hang' in answer) {
      hanging.add(res)
      return
    }
    res.writeHead(answer.status, answer.headers ?? {})
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer(...answers) {
      script.push(...answers)
    },
    waitFor(count, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return
          cleanup()
          resolve(received.slice(0, count))
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(
            new Error(`expected ${count} webhook requests within ${timeoutMs} ms, got ${received.length}`),
          )
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    close() {
      for (const res of hanging) res.destroy()
      return new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
    },
  }
}
