import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { ASYNCAPI_PATH } from '@courtside/events/api-paths';

/**
 * The server's own AsyncAPI document (`/webapps/api/asyncapi.json`), as the test live client checks every push
 * against it: a push whose event is not documented, or whose payload does not match its documented schema, fails
 * the test that received it. So the live channel's document cannot drift from what the server pushes.
 */

type JsonSchema = Record<string, unknown>;
interface AsyncApi {
  components: {
    schemas?: Record<string, JsonSchema>;
    messages: Record<string, { name?: string; payload?: JsonSchema }>;
  };
}

const COMPONENTS = 'https://courtside.invalid/asyncapi.json';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

class PushChecker {
  private readonly ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: AsyncApi) {
    this.ajv.addSchema({ $id: COMPONENTS, components: { schemas: document.components.schemas ?? {} } });
    for (const message of Object.values(document.components.messages)) {
      if (!message.name || !message.payload) continue;
      const payload = JSON.stringify(message.payload).replaceAll(
        '"#/components/',
        `"${COMPONENTS}#/components/`,
      );
      this.validators.set(message.name, this.ajv.compile(JSON.parse(payload) as object));
    }
  }

  /** What is wrong with this push, by the document; undefined when it is as documented. */
  problem(event: string, data: unknown): string | undefined {
    const validate = this.validators.get(event);
    if (!validate) return `push ${event}: not in the AsyncAPI document`;
    if (validate(data)) return undefined;
    return `push ${event}: the payload does not match the document: ${this.ajv.errorsText(validate.errors, { separator: '; ' })}\n${JSON.stringify(data).slice(0, 1500)}`;
  }
}

const checkers = new Map<string, Promise<PushChecker>>();

/** The push checker of one server, its document read once. */
export function pushCheckerOf(baseUrl: string): Promise<PushChecker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}${ASYNCAPI_PATH}`).then(async (response) => {
      if (!response.ok) throw new Error(`${baseUrl}${ASYNCAPI_PATH} answered ${response.status}`);
      return new PushChecker((await response.json()) as AsyncApi);
    });
    checkers.set(baseUrl, checker);
    checker.catch(() => checkers.delete(baseUrl));
  }
  return checker;
}
