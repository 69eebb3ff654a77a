// Form checks in the browser, with the same limits as the API's schemas (contract/account-rules.ts); they
// answer i18n keys. The server checks again: these only spare a round trip and explain early.
import { isEmailAddress, passwordMaxLength, passwordMinLength } from "../../contract/account-rules";

export function emailProblem(email: string): string | undefined {
  return isEmailAddress(email.trim()) ? undefined : "validation.email";
}

export function newPasswordProblem(password: string, email?: string): string | undefined {
  if (password.length < passwordMinLength) return "validation.passwordShort";
  if (password.length > passwordMaxLength) return "validation.passwordLong";
  if (email && password.trim().toLowerCase() === email.trim().toLowerCase()) {
    return "validation.passwordIsEmail";
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
    confirm: confirm === password ? undefined : "validation.mismatch",
  };
}

/** The API's error codes that a form can explain in the user's language. */
export const apiErrorMessages: Record<string, string> = {
  email_taken: "validation.emailTaken",
  wrong_password: "validation.currentWrong",
  password_is_email: "validation.passwordIsEmail",
  invalid_token: "validation.invalidToken",
};
