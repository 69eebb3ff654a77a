// The e-mail address one account form hands the next through navigation state (never the address bar,
// which page views report): "sign in instead" on /new, "reset your password" after a failed sign-in.

/** The address in a navigation's state, or "" when it has none. */
export function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === "string" ? email : "";
}
