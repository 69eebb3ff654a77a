// Builds the OpenAPI 3.1 document from the contract's endpoint list, so every new call appears by itself.
import { z } from "zod";
import { apiErrorSchema, type Endpoint } from "../../contract/endpoints";

type JsonObject = Record<string, unknown>;

function jsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: "openapi-3.0",
    unrepresentable: "any",
    io: "input",
  }) as JsonObject;
  return rest;
}

/** `{name}` segments of a path: required string parameters. */
function pathParameters(path: string): JsonObject[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
}

function queryParameters(query: z.ZodObject | undefined): JsonObject[] {
  if (!query) return [];
  const schema = jsonSchema(query) as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

export function openApiDocument(endpoints: readonly Endpoint[]): JsonObject {
  const paths: Record<string, Record<string, JsonObject>> = {};
  for (const endpoint of endpoints) {
    const responses: Record<string, JsonObject> = {};
    for (const [status, response] of Object.entries(endpoint.responses)) {
      responses[status] = response.schema
        ? {
            description: response.description,
            content: { "application/json": { schema: jsonSchema(response.schema) } },
          }
        : { description: response.description };
    }
    responses.default = {
      description: "Error",
      content: { "application/json": { schema: jsonSchema(apiErrorSchema) } },
    };
    const operation: JsonObject = { summary: endpoint.summary, responses };
    const parameters = [...pathParameters(endpoint.path), ...queryParameters(endpoint.query)];
    if (parameters.length > 0) operation.parameters = parameters;
    if (endpoint.request) {
      operation.requestBody = {
        required: true,
        content: { "application/json": { schema: jsonSchema(endpoint.request) } },
      };
    }
    if (endpoint.fileBody) {
      const binary = { schema: { type: "string", format: "binary" } };
      operation.requestBody = {
        required: true,
        content: Object.fromEntries(endpoint.fileBody.map((type) => [type, binary])),
      };
    }
    if (endpoint.auth) operation.security = [{ bearer: [] }];
    (paths[endpoint.path] ??= {})[endpoint.method] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Kammare API", version: "1" },
    components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    paths,
  };
}
