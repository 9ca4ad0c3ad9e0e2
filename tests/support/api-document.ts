import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { OPENAPI_PATH } from '@courtside/events/api-paths';

/**
 * The server's own OpenAPI document (`/webapps/api/openapi.json`), as the test HTTP client checks every answer
 * against it: an answer whose status is not documented for its route, or whose JSON body does not match the
 * documented schema, fails the test. So the document cannot drift from what the server does.
 */

type JsonSchema = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
export interface OpenApi {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
}

const COMPONENTS = 'https://courtside.invalid/openapi.json';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

export class AnswerChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly compiled = new Map<string, ValidateFunction>();
  /** Literal paths before templated ones (`matches/recalculate` before `matches/{id}`). */
  private readonly templates: Array<{ path: string; pattern: RegExp; parameters: number }>;

  constructor(readonly document: OpenApi) {
    this.ajv.addSchema({ $id: COMPONENTS, components: document.components });
    this.templates = Object.keys(document.paths)
      .map((path) => ({
        path,
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        parameters: (path.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The documented operation a call reaches, or undefined when the path is not part of the API. */
  operation(method: string, url: string): { path: string; operation: Operation } | undefined {
    const pathname = new URL(url, 'http://localhost').pathname;
    for (const template of this.templates) {
      if (!template.pattern.test(pathname)) continue;
      const operation = this.document.paths[template.path]?.[method.toLowerCase()];
      if (operation) return { path: template.path, operation };
    }
    return undefined;
  }

  /** Whether the body is worth reading: a JSON answer of a documented route (not a 4 MB script, not a page). */
  readsBody(method: string, url: string, contentType: string): boolean {
    return contentType.startsWith('application/json') && this.operation(method, url) !== undefined;
  }

  /** What is wrong with this answer, by the document; undefined when it is as documented (or not an API call). */
  problem(
    method: string,
    url: string,
    status: number,
    contentType: string,
    body: string,
  ): string | undefined {
    if (method === 'HEAD' || method === 'OPTIONS') return undefined;
    const found = this.operation(method, url);
    if (!found) return undefined;
    const where = `${method} ${found.path} → ${status}`;
    // Answered by the HTTP server before any route runs (the document's introduction says so): a plain error.
    const answer =
      status === 431
        ? { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } }
        : found.operation.responses[String(status)];
    if (!answer) return `${where}: this status is not documented (${body.slice(0, 300)})`;
    if (!contentType.startsWith('application/json')) return undefined;
    const schema = answer.content?.['application/json']?.schema;
    if (!schema) return `${where}: answers JSON, but the document gives no JSON schema`;
    const key = `${method} ${found.path} ${status}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      // The named schemas are compiled once, as their own schema; each answer's schema points into it.
      validate = this.ajv.compile(
        JSON.parse(
          JSON.stringify(schema).replaceAll('"#/components/', `"${COMPONENTS}#/components/`),
        ) as object,
      );
      this.compiled.set(key, validate);
    }
    let value: unknown;
    try {
      value = JSON.parse(body);
    } catch {
      return `${where}: the body is not JSON`;
    }
    if (validate(value)) return undefined;
    return `${where}: the answer does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\n${body.slice(0, 1500)}`;
  }
}

const checkers = new Map<string, Promise<AnswerChecker>>();

/** The checker of one server, its document read once. */
export function answerCheckerOf(baseUrl: string): Promise<AnswerChecker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}${OPENAPI_PATH}`).then(async (response) => {
      if (!response.ok) throw new Error(`${baseUrl}${OPENAPI_PATH} answered ${response.status}`);
      return new AnswerChecker((await response.json()) as OpenApi);
    });
    checkers.set(baseUrl, checker);
    checker.catch(() => checkers.delete(baseUrl));
  }
  return checker;
}
