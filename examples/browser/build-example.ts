/**
 * Bundles the example page (index.html + main.ts, and through it the simulator core) with Vite's JS API.
 * No vite.config file: the example needs nothing beyond defaults, and the repo's vitest config must not
 * leak into a browser build.
 */
import { isBuiltin } from 'node:module'
import { fileURLToPath } from 'node:url'
import { build, type Plugin } from 'vite'

export const EXAMPLE_DIR = fileURLToPath(new URL('.', import.meta.url))

/**
 * Vite replaces a Node built-in in a browser build with an empty stub and only warns, so a `node:fs`
 * that slips into the core would surface as a runtime error in the page. Fail the build instead, naming
 * the importer.
 */
function forbidNodeBuiltins(): Plugin {
  return {
    name: 'service-sandbox:forbid-node-builtins',
    enforce: 'pre',
    resolveId(source, importer) {
      if (isBuiltin(source)) {
        this.error(`${importer ?? 'the entry'} imports the Node built-in "${source}", which browsers lack`)
      }
      return null
    },
  }
}

/** Builds into outDir (emptied first) and returns the files Vite wrote, relative to outDir. */
export async function buildExample(outDir: string): Promise<string[]> {
  const result = await build({
    configFile: false,
    root: EXAMPLE_DIR,
    // Relative asset URLs, so the page works under any path prefix.
    base: './',
    logLevel: 'warn',
    plugins: [forbidNodeBuiltins()],
    build: {
      outDir,
      emptyOutDir: true,
      sourcemap: true,
      reportCompressedSize: false,
      // The page carries the spec, Ajv, jose and msw: about 730 kB minified, expected for a dev tool.
      chunkSizeWarningLimit: 1500,
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []))
  return outputs.map((chunk) => chunk.fileName)
}
