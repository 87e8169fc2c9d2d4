/**
 * Cold start: spawn the CLI (`serve --port 0`) and time until its first HTTP answer (a sign-in, which
 * needs the fixtures loaded and the keys made). Median of RUNS starts.
 *
 *   npm run bench:cold-start
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const RUNS = Number(process.env.RUNS ?? 5)
const cli = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))

async function once(): Promise<{ total: number; ready: number }> {
  const started = performance.now()
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no listening line within 30 s')), 30_000)
      let out = ''
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(out)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)))
    })
    const ready = performance.now() - started
    const response = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@acme.example', password: 'sandbox-admin-1' }),
    })
    if (response.status !== 200) throw new Error(`first answer was ${response.status}`)
    return { total: performance.now() - started, ready }
  } finally {
    child.kill('SIGTERM')
  }
}

const results: { total: number; ready: number }[] = []
for (let i = 0; i < RUNS; i++) results.push(await once())
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN
console.log(
  `cold start to first response (process spawn -> 200 on POST /auth/login), ${RUNS} runs: median ${median(results.map((r) => r.total)).toFixed(0)} ms ` +
    `(listening after ${median(results.map((r) => r.ready)).toFixed(0)} ms); runs: ${results.map((r) => r.total.toFixed(0)).join(', ')} ms`,
)
