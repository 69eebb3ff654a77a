// What a failed API call answered (app/lib/api.ts's ApiError), read for the forms that explain it.
/** What a failed call answered: its error code, the request fields it named, and the business's
 * refusal (a code of contract/refusals.ts with its parameters, ADR 032) when it refused with one. */
export type Failure = {
  code?: string;
  fields: Record<string, string>;
  refusal?: string;
  params?: Record<string, unknown>;
};

/**
 * The error body of a failed call. A call that asked for a file (a Blob) gets its error body as a Blob
 * too; it is read as the JSON it is (undefined when it is not JSON).
 */
export async function errorBodyOf(error: unknown): Promise<unknown> {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof Blob === "undefined" || !(data instanceof Blob)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return undefined;
  }
}

/** The code and named fields of a failed API call (ApiError: the answer's body is its `data`). */
export function failureOf(error: unknown): Failure {
  const body = (error as { data?: unknown } | null)?.data as
    { error?: { code?: unknown; fields?: unknown; refusal?: unknown; params?: unknown } } | undefined;
  const code = body?.error?.code;
  const fields = body?.error?.fields;
  const refusal = body?.error?.refusal;
  const params = body?.error?.params;
  return {
    code: typeof code === "string" ? code : undefined,
    ...(typeof refusal === "string" && {
      refusal,
      params: params && typeof params === "object" ? (params as Record<string, unknown>) : {},
    }),
    fields:
      fields && typeof fields === "object"
        ? Object.fromEntries(
            Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          )
        : {},
  };
}
