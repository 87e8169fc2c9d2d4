/**
 * Generates everything derived from spec/openapi.yaml:
 * - src/generated/openapi.ts: TypeScript types (openapi-typescript), for the client and the simulator;
 * - src/generated/spec.ts: the parsed document as a module, so the runtime (Node and browser alike)
 *   validates against the same contract without reading YAML.
 *
 * `--check` writes nothing and exits 1 when a committed file differs from what the spec gives.
 *
 * @example
 *   node scripts/generate.ts          # regenerate
 *   node scripts/generate.ts --check  # fail on stale generated files
 */
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'
import { parse } from 'yaml'

const root = new URL('../', import.meta.url)
const specUrl = new URL('spec/openapi.yaml', root)
const banner =
  '// Generated from spec/openapi.yaml by scripts/generate.ts. Do not edit: run `npm run generate`.\n'

export async function generatedFiles(specText: string): Promise<Map<string, string>> {
  // merge: true resolves YAML anchors; the spec has no other YAML features to worry about.
  const document: unknown = parse(specText, { merge: true, maxAliasCount: 1000 })
  const ast = await openapiTS(document as Parameters<typeof openapiTS>[0], {
    alphabetize: false,
    exportType: true,
    additionalProperties: false,
    // A property with a `default` stays optional: callers may omit it in requests (e.g. currency).
    defaultNonNullable: false,
  })
  const types = `${banner}${astToString(ast)}`
  const spec = `${banner}/* biome-ignore-all format: generated */\nexport const spec = ${JSON.stringify(document, null, 2)} as const\n`
  return new Map([
    ['src/generated/openapi.ts', types],
    ['src/generated/spec.ts', spec],
  ])
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const files = await generatedFiles(await readFile(specUrl, 'utf8'))
  const stale: string[] = []
  for (const [path, content] of files) {
    const target = fileURLToPath(new URL(path, root))
    if (check) {
      const current = await readFile(target, 'utf8').catch(() => null)
      if (current !== content) stale.push(path)
    } else {
      await writeFile(target, content)
      console.log(`wrote ${path} (${content.length} bytes)`)
    }
  }
  if (stale.length > 0) {
    console.error(`Stale generated files (run \`npm run generate\`): ${stale.join(', ')}`)
    process.exitCode = 1
  } else if (check) {
    console.log('generated files are up to date')
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main()
