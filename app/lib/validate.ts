// Form checks in the browser, with the same limits as the API's schemas (contract/account-rules.ts); they
// answer i18n keys. The server checks again: these only spare a round trip and explain early.
import { isEmailAddress, passwordMaxLength, passwordMinLength } from "../../contract/account-rules";

export function emailProblem(email: string): string | undefined {
  return isEmailAddress(email.trim()) ? undefined : "auth.validation.email";
}

export function newPasswordProblem(password: string, email?: string): string | undefined {
  if (password.length < passwordMinLength) return "auth.validation.passwordShort";
  if (password.length > passwordMaxLength) return "auth.validation.passwordLong";
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return "auth.validation.passwordIsEmail";
  }
  return undefined;
}

/** A new password and its repetition: what is wrong with each, as i18n keys. */
export function newPasswordProblems(
  password: string,
  confirm: string,
  email?: string,
): { password?: string; confirm?: string } {
  return {
    password: newPasswordProblem(password, email),
    confirm: confirm === password ? undefined : "auth.validation.mismatch",
  };
}

/** The API's error codes that a form can explain in the user's language. */
export const apiErrorMessages: Record<string, string> = {
  email_taken: "auth.signup.emailTaken",
  wrong_password: "auth.validation.currentWrong",
  password_is_email: "auth.validation.passwordIsEmail",
  invalid_token: "auth.reset.invalid",
};

/** What a failed call answered: its error code and the request fields it named. */
export type Failure = { code?: string; fields: Record<string, string> };

/** The code and named fields of a failed API call (ofetch puts the answer's body in `data`). */
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

export function failureOf(error: unknown): Failure {
  const body = (error as { data?: unknown } | null)?.data as
    { error?: { code?: unknown; fields?: unknown } } | undefined;
  const code = body?.error?.code;
  const fields = body?.error?.fields;
  return {
    code: typeof code === "string" ? code : undefined,
    fields:
      fields && typeof fields === "object"
        ? Object.fromEntries(
            Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
          )
        : {},
  };
}
