import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * Turns zod schemas into JSON Schema for a document (OpenAPI or AsyncAPI), with every schema that has an `id`
 * (`.meta({ id })`) named once under `#/components/schemas/{id}` and referred to from everywhere else.
 */
export class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  constructor(private readonly target: 'draft-2020-12' | 'draft-7') {}

  /** `io`: a request is what a client sends (before defaults and coercion); an answer is what the server sends. */
  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const converted = z.toJSONSchema(schema, {
      target: this.target,
      io,
      unrepresentable: 'any',
    }) as JsonSchema;
    const { $schema: _schema, $defs, definitions, ...root } = converted;
    for (const [id, definition] of Object.entries({
      ...(($defs ?? {}) as Record<string, JsonSchema>),
      ...((definitions ?? {}) as Record<string, JsonSchema>),
    })) {
      this.name(id, this.relink(definition));
    }
    return this.relink(root);
  }

  private name(id: string, schema: JsonSchema): void {
    const known = this.components[id];
    if (known && JSON.stringify(known) !== JSON.stringify(schema)) {
      throw new Error(
        `Two different schemas are named ${id} (a request and an answer?): give one another id`,
      );
    }
    this.components[id] = schema;
  }

  private relink(schema: JsonSchema): JsonSchema {
    return JSON.parse(
      JSON.stringify(schema).replace(/"#\/(\$defs|definitions)\//g, '"#/components/schemas/'),
    ) as JsonSchema;
  }
}
