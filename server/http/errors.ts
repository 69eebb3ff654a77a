// Turning bad input and failures into the API's error shape, never a 500 for the client's mistake.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { errorCodes, type ApiErrorBody } from "../../contract/errors";
import { DomainError, type DomainErrorCode } from "../domain/errors";

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

export function jsonError(c: Context, error: ApiError): Response {
  return c.json(errorBody(error.code, error.message, error.fields), error.status);
}

/** Maps zod issues to { "field.path": "message" }, the first message for each field. */
export function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "body";
    fields[key] ??= issue.message;
  }
  return fields;
}

/** Reads the request body as JSON and checks it with the schema; throws an ApiError (400) if either fails. */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError(400, errorCodes.invalidJson, "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    throw new ApiError(
      400,
      errorCodes.invalidRequest,
      `Invalid request: ${Object.keys(fields).join(", ")}`,
      fields,
    );
  }
  return parsed.data;
}

const domainStatus: Record<DomainErrorCode, ContentfulStatusCode> = {
  invalid_credentials: 401,
  email_taken: 409,
  wrong_password: 400,
  password_is_email: 400,
  invalid_token: 400,
  not_found: 404,
  rate_limited: 429,
  forbidden: 403,
  conflict: 409,
  invalid_request: 400,
};

/** The API answer for a failure of the business rules. */
export function domainErrorResponse(c: Context, error: DomainError): Response {
  if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
  const fields = error.field ? { [error.field]: error.message } : undefined;
  return c.json(errorBody(error.code, error.message, fields), domainStatus[error.code]);
}

export { DomainError };
