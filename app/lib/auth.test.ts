// Which failed sign-ins the forms explain as an e-mail address and password that do not match: the
// login call's 401 `{ success: false }` only, not a rate limit or any other failure.
import { describe, expect, it } from "vitest";
import { loginResponseSchema } from "../../contract/auth";
import { ApiError } from "./api";
import { invalidCredentials, signInFailureOf } from "./auth";

/** An error as the api client throws it: the answer's status and body. */
const answered = (status: number, body: unknown) => new ApiError(status, body);

describe("signInFailureOf", () => {
  it("reads the login call's refusal (401, success false) as invalid_credentials", () => {
    expect(signInFailureOf(answered(401, { success: false }), loginResponseSchema)).toEqual({
      code: invalidCredentials,
      fields: {},
    });
  });

  it("keeps every other failure's own code: a rate limit, bad input, a 401 of another shape, a 500, no network", () => {
    const rateLimited = {
      error: { code: "rate_limited", message: "Too many attempts. Try again in a minute." },
    };
    expect(signInFailureOf(answered(429, rateLimited), loginResponseSchema)).toEqual({
      code: "rate_limited",
      fields: {},
    });
    const badInput = {
      error: { code: "invalid_request", message: "Bad input.", fields: { email: "Not an address." } },
    };
    expect(signInFailureOf(answered(400, badInput), loginResponseSchema)).toEqual({
      code: "invalid_request",
      fields: { email: "Not an address." },
    });
    for (const error of [
      answered(401, { error: { code: "unauthorized", message: "The session has ended." } }),
      answered(500, { success: false }),
      answered(401, "<html>"),
      new Error("offline"),
      null,
    ]) {
      expect(signInFailureOf(error, loginResponseSchema).code).not.toBe(invalidCredentials);
    }
  });
});
