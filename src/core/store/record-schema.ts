/**
 * Standard Schema (https://standardschema.dev) over Ajv, so @msw/data collections validate records with
 * JSON Schemas: the spec's own component schemas where a record is an API shape, internal ones otherwise.
 */
import type { StandardSchemaV1 } from '@standard-schema/spec'
import { compileInSpec, describeAjvErrors } from '../../contract/ajv.ts'

export function recordSchema<T>(name: string, jsonSchema: unknown): StandardSchemaV1<T, T> {
  const validate = compileInSpec(jsonSchema, `record:${name}`)
  return {
    '~standard': {
      version: 1,
      vendor: 'service-sandbox',
      validate(value) {
        if (validate(value)) return { value: value as T }
        return {
          issues: describeAjvErrors(validate.errors, name).map((e) => ({
            message: `${e.name} ${e.message}`,
          })),
        }
      },
    },
  }
}
