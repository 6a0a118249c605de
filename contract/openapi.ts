/**
 * The OpenAPI 3.1 document of the API, made from the contract's one definition per endpoint
 * (contract/endpoint.ts, gathered in contract/all-endpoints.ts): each operation's path and
 * method, path and query parameters, request body and 2xx answer from the same Schemas the browser
 * and the server use (effect's `Schema.toJsonSchemaDocument`, JSON Schema 2020-12, as OpenAPI 3.1
 * takes it), and every error it may answer with its status and the common error body. The server
 * serves it at `GET /api/openapi.json`; server/openapi.test.ts checks it against the routes.
 *
 * Schemas describe the JSON on the wire (an optional field may also be sent as `null`); a CSV
 * export is described as `text/csv`. The server never reads this module on a request's path: the
 * document is built once, on first use.
 */
import { Schema } from 'effect'
import { ApiErrorBody } from './api.ts'
import { type AnyEndpoint, type ApiErrorCode, answeredErrors } from './endpoint.ts'

/** The HTTP status each error code is answered with (docs/api.md). */
export const ERROR_STATUS: Readonly<Record<ApiErrorCode, number>> = {
  invalid_request: 400,
  bot_check_failed: 403,
  invalid_credentials: 401,
  unauthorized: 401,
  invalid_refresh_token: 401,
  session_revoked: 401,
  two_factor_expired: 401,
  forbidden: 403,
  two_factor_required: 403,
  reverification_required: 403,
  bot_check_required: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal_error: 500,
  bot_check_unavailable: 502,
}

/** A JSON Schema object as the document holds it. */
type JsonSchema = Readonly<Record<string, unknown>>

/** An OpenAPI 3.1 document (the parts this module writes). */
export interface OpenApiDocument {
  readonly openapi: '3.1.0'
  readonly info: { readonly title: string; readonly version: string; readonly description: string }
  readonly servers: ReadonlyArray<{ readonly url: string }>
  readonly paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  readonly components: { readonly schemas: Readonly<Record<string, JsonSchema>>; readonly securitySchemes: Readonly<Record<string, unknown>> }
}

/** `/organizations/members/:userId` → `/organizations/members/{userId}` (OpenAPI's template). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}')

/**
 * The document for `endpoints` (keyed `domain.name`, as contract/all-endpoints.ts has them).
 * Definitions shared between schemas land in `components.schemas`, and references point there.
 * @param version the app's version (`info.version`).
 */
export function openApiDocument(endpoints: Readonly<Record<string, AnyEndpoint>>, version: string): OpenApiDocument {
  const components: Record<string, JsonSchema> = { ApiErrorBody: jsonSchemaOf(ApiErrorBody, {}) }
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, d] of Object.entries(endpoints).sort(([a], [b]) => a.localeCompare(b))) {
    const operations = (paths[`/api${openApiPath(d.path)}`] ??= {})
    operations[d.method.toLowerCase()] = operationOf(name, d, components)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Engage API',
      version,
      description:
        'Calls marked with security need `Authorization: Bearer <access token>` and, for a workspace, `x-org-id`. The public API (operations tagged `public-api`, security `apiKey`) also takes a workspace API key, `Authorization: Bearer eng_…`, which needs no `x-org-id`. Every error answers `{ error: { code, message, issues } }`.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: "A person's access token" },
        apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'eng_…', description: 'A workspace API key (Developers › API keys)' },
      },
    },
  }
}

/** The JSON Schema of `schema`, its shared definitions added to `components`. */
function jsonSchemaOf(schema: Schema.Top, components: Record<string, JsonSchema>): JsonSchema {
  const document = Schema.toJsonSchemaDocument(schema as Schema.Constraint)
  for (const [key, definition] of Object.entries(document.definitions)) components[key] ??= relink(definition) as JsonSchema
  return relink(document.schema) as JsonSchema
}

/** Points `$ref`s at `#/components/schemas/…`, where OpenAPI keeps shared schemas. */
function relink(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(relink)
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === '$ref' && typeof inner === 'string' ? [key, inner.replace(/^#\/\$defs\//, '#/components/schemas/')] : [key, relink(inner)],
    ),
  )
}

function operationOf(name: string, d: AnyEndpoint, components: Record<string, JsonSchema>): Record<string, unknown> {
  const parameters: unknown[] = d.params.map((param) => ({ name: param, in: 'path', required: true, schema: { type: 'string' } }))
  if (d.query !== undefined) {
    const query = jsonSchemaOf(d.query, components)
    const properties = (query['properties'] ?? {}) as Record<string, unknown>
    const required = new Set((query['required'] ?? []) as string[])
    for (const [param, schema] of Object.entries(properties)) parameters.push({ name: param, in: 'query', required: required.has(param), schema })
  }
  if (d.access === 'token') {
    const description = d.apiKeys ? "The workspace the call acts in (an API key's is its own; leave it out)." : 'The workspace the call acts in.'
    parameters.push({ name: 'x-org-id', in: 'header', required: false, schema: { type: 'string' }, description })
  }
  const responses: Record<string, unknown> = {}
  if (d.response === 'file') {
    responses[String(d.status)] = { description: 'The file', content: { 'text/csv': { schema: { type: 'string' } } } }
  } else if (d.status === 204) {
    responses['204'] = { description: 'Done, no content' }
  } else {
    responses[String(d.status)] = { description: 'OK', content: { 'application/json': { schema: jsonSchemaOf(d.response, components) } } }
  }
  for (const code of answeredErrors(d)) {
    const status = String(ERROR_STATUS[code])
    const known = responses[status] as { description: string } | undefined
    responses[status] = {
      description: known === undefined ? `\`${code}\`` : `${known.description}, \`${code}\``,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiErrorBody' } } },
    }
  }
  return {
    operationId: name,
    tags: d.apiKeys ? [name.slice(0, name.indexOf('.')), 'public-api'] : [name.slice(0, name.indexOf('.'))],
    ...(d.access === 'public' ? {} : { security: d.access === 'optional' ? [{}, { bearer: [] }] : d.apiKeys ? [{ bearer: [] }, { apiKey: [] }] : [{ bearer: [] }] }),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(d.body === undefined
      ? {}
      : { requestBody: { required: !d.optionalBody, content: { 'application/json': { schema: jsonSchemaOf(d.body, components) } } } }),
    responses,
  }
}
