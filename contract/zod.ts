// zod for every schema of the contract. In the browser zod must not compile parsers with
// new Function: the CSP forbids eval, and merely probing for it reports a violation.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };

/**
 * Whether PostgreSQL can keep the string in a text or jsonb column: it refuses U+0000 in both, and a
 * UTF-16 surrogate without its partner (which JSON lets a client send as "\ud800") is an error in
 * jsonb and silently becomes U+FFFD in text. A loop rather than a regular expression: the check runs
 * in the browser too, and older browsers lack the lookbehind such an expression needs.
 */
export function isStorableText(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code === 0) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      index++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/** The message for text PostgreSQL cannot keep; `what` names the field ("The name"). */
export function unstorableTextMessage(what: string): string {
  return `${what} must not contain the character U+0000 or a lone UTF-16 surrogate.`;
}

/**
 * Every text field of the contract's requests starts here: a string PostgreSQL can keep, checked
 * before any other rule (which then need not care), so such input is a 400 naming the field, never
 * a database error. `what` names the field in the messages; `error` replaces "{what} must be text.".
 */
export function text(what: string, { error }: { error?: string } = {}) {
  return z
    .string({ error: error ?? `${what} must be text.` })
    .refine(isStorableText, { error: unstorableTextMessage(what), abort: true });
}
