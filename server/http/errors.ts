// Turning bad input and failures into the API's error shape, never a 500 for the client's mistake.
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import { errorCodes, type ApiErrorBody } from "../../contract/errors";
import { isStorableText, unstorableTextMessage } from "../../contract/zod";
import { DomainError, type DomainErrorCode } from "../domain/core";

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

/** The 400 for bad input: "Invalid request: a, b" (or "Invalid query: …"), with a message per field. */
export function invalidInput(
  fields: Record<string, string>,
  what: "request" | "query" = "request",
): ApiError {
  return new ApiError(
    400,
    errorCodes.invalidRequest,
    `Invalid ${what}: ${Object.keys(fields).join(", ")}`,
    fields,
  );
}

/**
 * The dot path of the first string (a value or a key) in a parsed body that PostgreSQL cannot keep
 * (U+0000, a lone surrogate), or null when there is none. The contract's text fields refuse these
 * already; this catches a schema that lets a plain string through.
 */
function unstorableTextPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path.join(".") || "body";
  if (typeof value !== "object" || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    // A key names no field of ours: the object that holds it is the field at fault.
    if (!isStorableText(key)) return path.join(".") || "body";
    const found = unstorableTextPath(item, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/** The request's media type, lower case and without parameters ("application/json"), or "". */
export function mediaTypeOf(c: Context): string {
  return (c.req.header("content-type")?.split(";")[0] ?? "").trim().toLowerCase();
}

/** The request's `charset` parameter, lower case and unquoted, or null when it names none. */
function charsetOf(c: Context): string | null {
  for (const parameter of (c.req.header("content-type") ?? "").split(";").slice(1)) {
    const [name, value] = parameter.split("=");
    if (name?.trim().toLowerCase() === "charset") {
      return (value ?? "")
        .trim()
        .replace(/^"(.*)"$/, "$1")
        .toLowerCase();
    }
  }
  return null;
}

/** Refuses bytes that are not UTF-8, where a plain decoder would quietly make them U+FFFD. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Reads the request body as JSON and checks it with the schema; throws an ApiError (400) if the body is
 * not sent as application/json, is not UTF-8 JSON (RFC 8259), or fails the schema, or if any text in
 * the result is one PostgreSQL cannot keep.
 */
export async function readJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  // The type is checked, not guessed: a body sent as text/plain or a form is the client's mistake.
  if (mediaTypeOf(c) !== "application/json") {
    throw invalidInput({ body: "Send the request body as JSON, with Content-Type: application/json." });
  }
  // JSON is UTF-8 (RFC 8259): a body said to be in another character set is refused, not misread.
  const charset = charsetOf(c);
  if (charset !== null && charset !== "utf-8" && charset !== "utf8") {
    throw new ApiError(
      415,
      errorCodes.unsupportedCharset,
      "Send the request body as UTF-8 JSON (Content-Type: application/json; charset=utf-8).",
    );
  }
  const bytes = await c.req.arrayBuffer();
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw new ApiError(400, errorCodes.invalidJson, "The request body is not valid JSON.");
  }
  return checkFields(schema, value);
}

/** A body's value checked with the schema and the storable-text rule; throws the 400 naming each field. */
export function checkFields<Schema extends z.ZodType>(schema: Schema, value: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues));
  const unstorable = unstorableTextPath(parsed.data);
  if (unstorable !== null) throw invalidInput({ [unstorable]: unstorableTextMessage(unstorable) });
  return parsed.data;
}

/** The query string checked with the schema; throws the 400 naming each bad parameter. */
export function readQuery<Schema extends z.ZodType>(c: Context, schema: Schema): z.infer<Schema> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) throw invalidInput(fieldErrors(parsed.error.issues), "query");
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
  gone: 410,
  // Payment Required, as card processors answer a declined card.
  card_declined: 402,
  invalid_request: 400,
};

/** The API answer for a failure of the business rules. */
/**
 * A plain HTML form's body (application/x-www-form-urlencoded), checked by the same schema and the
 * same storable-text rule as a JSON body; for the few calls a page makes without JavaScript.
 */
export async function readForm<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.infer<Schema>> {
  return checkFields(schema, Object.fromEntries(new URLSearchParams(await c.req.text())));
}

/**
 * A multipart/form-data body (an upload), or the 400 that says so: `expected` (the call's own words on
 * what to send) when the body is of another type, the same for every call when it cannot be read.
 */
export async function readFormData(c: Context, expected?: string): Promise<FormData> {
  if (expected !== undefined && mediaTypeOf(c) !== "multipart/form-data") {
    throw invalidInput({ body: expected });
  }
  try {
    return await c.req.formData();
  } catch {
    throw invalidInput({ body: "The multipart/form-data body cannot be read." });
  }
}

/**
 * A plain HTML form sent as multipart/form-data (a form with a file field): its text fields, and the
 * files of `fileField` that were chosen (a file field left empty sends a nameless empty file). The text
 * fields go through checkFields like any other body.
 */
export async function readMultipartForm(
  c: Context,
  fileField: string,
): Promise<{ fields: Record<string, string>; files: File[] }> {
  const form = await readFormData(c);
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    else if (name === fileField && (value.size > 0 || value.name !== "")) files.push(value);
  }
  return { fields, files };
}

export function domainErrorResponse(c: Context, error: DomainError): Response {
  if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
  const fields = error.field ? { [error.field]: error.message } : undefined;
  const body = errorBody(error.code, error.message, fields);
  // A refusal names itself and its parameters, so a screen says it in the viewer's language (ADR 032).
  if (error.refusal) Object.assign(body.error, { refusal: error.refusal.code, params: error.refusal.params });
  return c.json(body, domainStatus[error.code]);
}

export { DomainError };
