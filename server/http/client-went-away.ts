// Whether a request failed because its client disconnected, not because of us.

/** Whether the request failed because its client disconnected (Node's "aborted", ECONNRESET, while
 * reading the body): told by the error's code, not its text (ADR 032). */
export function clientWentAway(error: unknown, request: Request): boolean {
  if (request.signal.aborted) return true;
  return error instanceof Error && (error as NodeJS.ErrnoException).code === "ECONNRESET";
}
