// A refusal of the business in the viewer's language (ADR 032): the API names it with a code of
// contract/refusals.ts and its parameters; its text is `refusals.<code>` in the site's texts, which
// every page loads (i18n/areas.ts). Only the list's types reach the browser, never its schemas.
import type { RefusalCode } from "../../contract/refusals";
import type { Translate } from "../../i18n/translator";
import type { Failure } from "./failure";

/** The refusal's own text, or undefined when the failure names none this browser knows. */
export function refusalText(t: Translate, failure: Failure | undefined): string | undefined {
  if (!failure?.refusal) return undefined;
  const key = `refusals.${failure.refusal}`;
  const text = t(key, failure.params);
  // The translator answers a key it does not know with the key itself.
  return text === key ? undefined : text;
}

/** Whether a failure is this refusal: how a screen tells refusals apart (never by their text). */
export function isRefusal(failure: Failure | undefined, code: RefusalCode): boolean {
  return failure?.refusal === code;
}
