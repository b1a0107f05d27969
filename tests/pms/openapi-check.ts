import fs from 'node:fs';
import path from 'node:path';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, type Operation } from 'openapi-backend';

/** ajv-formats is CommonJS: Vitest hands its default export over, Playwright's loader the module object. */
const addFormats = (ajvFormats as unknown as { default?: typeof ajvFormats }).default ?? ajvFormats;

/**
 * Checks requests and answers against a vendor's pinned OpenAPI document with openapi-backend (ajv inside;
 * docs/decisions/201-vendor-documents-pinned-and-checked.md). Requests are held to the document strictly: an
 * object may carry only the properties the document names, and a query only the parameters it lists, so a
 * field we invent fails. Answers are checked as the document says (objects open, as it writes them).
 */

type Schema = Record<string, unknown>;

/** Every object schema with properties closed to other properties (the document itself is left as it is). */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out: Schema = {};
  for (const [key, value] of Object.entries(node)) out[key] = closed(value);
  if (out.type === 'object' && out.properties && out.additionalProperties === undefined)
    out.additionalProperties = false;
  return out;
}

/** The component schemas a request body reaches, through `$ref`s at any depth (Mews' Amount parameters, Limitation). */
function requestSchemas(
  paths: Record<string, Record<string, Schema>>,
  schemas: Record<string, Schema>,
): Set<string> {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === 'object')
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.split('/').pop() ?? '';
          if (!found.has(name)) {
            found.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
  };
  for (const methods of Object.values(paths))
    for (const operation of Object.values(methods)) visit(operation?.requestBody);
  return found;
}

/** A form's fields (`items[0][itemName]=…`) as the nested value they encode. */
export function parseForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

/** A form or query's text values as the types the schema gives them (the encoding carries only text). */
function typed(value: unknown, schema: Schema | undefined, schemas: Record<string, Schema>): unknown {
  if (!schema) return value;
  if (typeof schema.$ref === 'string')
    return typed(value, schemas[schema.$ref.split('/').pop() ?? ''], schemas);
  if (Array.isArray(value))
    return value.map((item) => typed(item, schema.items as Schema | undefined, schemas));
  if (value && typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v, properties[k], schemas)]));
  }
  if (typeof value !== 'string') return value;
  if (
    (schema.type === 'number' || schema.type === 'integer') &&
    value.trim() !== '' &&
    !Number.isNaN(Number(value))
  )
    return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

export interface CheckedRequest {
  method: string;
  /** The path under the document's server, such as /postCustomItem. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** The body as sent. */
  body: string;
}

export interface OpenApiCheck {
  /** The problems of a request; empty when the document allows it. The operation found, if any. */
  request(req: CheckedRequest): { problems: string[]; operation: Operation | null; body: unknown };
  /** The problems of an answer to that operation. */
  response(operation: Operation, status: number, body: unknown): string[];
}

/**
 * `closedAnswers`: answers are held to the document as strictly as requests (every object closed), for a document
 * we derived ourselves (Mews'), where an answer's field the stand-in invents would go unnoticed otherwise.
 */
export async function openApiCheck(
  documentPath: string,
  options: { closedAnswers?: boolean } = {},
): Promise<OpenApiCheck> {
  const document = JSON.parse(fs.readFileSync(path.resolve(documentPath), 'utf8'));
  const schemas = (document.components?.schemas ?? {}) as Record<string, Schema>;
  // openapi-backend finds operations by id; a document without them gets `get /getRooms`-style ones here.
  const paths = closed(document.paths) as Record<string, Record<string, Schema>>;
  for (const [route, methods] of Object.entries(paths))
    for (const [method, operation] of Object.entries(methods))
      if (operation && typeof operation === 'object' && !operation.operationId)
        operation.operationId = `${method} ${route}`;
  const forRequests = requestSchemas(paths, schemas);
  const strictDocument = {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => [
          name,
          options.closedAnswers || name.endsWith('Request') || forRequests.has(name)
            ? closed(schema)
            : schema,
        ]),
      ),
    },
  };
  const api = new OpenAPIBackend({
    definition: strictDocument,
    quick: false,
    validate: true,
    strict: true,
    ajvOpts: { strict: false },
    // The document's formats (date-time, date) are checked, not ignored.
    customizeAjv: (ajv) => {
      addFormats(ajv);
      return ajv;
    },
  });
  await api.init();

  return {
    request(req) {
      const problems: string[] = [];
      const operation = api.router.matchOperation({
        method: req.method,
        path: req.path,
        headers: req.headers,
        query: req.query,
      });
      if (!operation)
        return {
          problems: [`${req.method} ${req.path} is not in the document`],
          operation: null,
          body: undefined,
        };
      const names = new Set((operation.parameters ?? []).map((p) => (p as { name: string }).name));
      for (const key of Object.keys(req.query))
        if (!names.has(key)) problems.push(`query parameter ${key} is not in the document`);
      const content = (operation.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)
        ?.content;
      let body: unknown;
      if (content) {
        const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
        const media = content[type];
        if (!media)
          problems.push(`content type ${type} is not in the document (${Object.keys(content).join(', ')})`);
        else
          body = typed(
            type === 'application/x-www-form-urlencoded' ? parseForm(req.body) : JSON.parse(req.body),
            media.schema,
            schemas,
          );
      }
      const result = api.validator.validateRequest(
        { method: req.method, path: req.path, headers: req.headers, query: req.query, body },
        operation,
      );
      for (const error of result.errors ?? [])
        problems.push(
          `${error.instancePath || '(request)'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
        );
      return { problems, operation, body };
    },
    response(operation, status, body) {
      const result = api.validator.validateResponse(body, operation, status);
      return (result.errors ?? []).map(
        (error) => `answer ${error.instancePath || '(body)'} ${error.message}`,
      );
    },
  };
}
