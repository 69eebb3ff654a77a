// How a failed call becomes the form's field messages: the API's error shape read from the api
// client's error, and each named field given the form's text for the code.
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { explainFailure } from "./use-form-submit";
import { failureOf } from "./failure";

/** An error as the api client throws it, with the answer's body as `data`. */
const apiError = (body: unknown) => new ApiError(400, body);

describe("failureOf", () => {
  it("reads the code and the named fields of the API's error shape", () => {
    const error = apiError({
      error: {
        code: "wrong_password",
        message: "The current password is not right.",
        fields: { currentPassword: "x" },
      },
    });
    expect(failureOf(error)).toEqual({ code: "wrong_password", fields: { currentPassword: "x" } });
  });

  it("has no code and no fields for an error without that shape (network, 500 page, a thrown Error)", () => {
    for (const error of [
      new Error("offline"),
      apiError("<html>"),
      apiError({ success: false }),
      null,
      undefined,
    ]) {
      expect(failureOf(error)).toEqual({ code: undefined, fields: {} });
    }
  });

  it("drops field entries that are not text", () => {
    expect(
      failureOf(apiError({ error: { code: "invalid_request", fields: { name: 1, count: "too many" } } })),
    ).toEqual({ code: "invalid_request", fields: { count: "too many" } });
  });
});

describe("explainFailure", () => {
  const fields = ["email", "password"] as const;

  it("puts the account forms' text for the code at the field the answer names", () => {
    expect(explainFailure({ code: "email_taken", fields: { email: "taken" } }, { fields })).toEqual({
      email: "validation.emailTaken",
    });
  });

  it("explains nothing for a code the form has no text for, or a field the form does not have", () => {
    expect(explainFailure({ code: "invalid_request", fields: { email: "bad" } }, { fields })).toEqual({});
    expect(explainFailure({ code: "invalid_token", fields: { token: "bad" } }, { fields })).toEqual({});
    expect(explainFailure({ fields: { email: "bad" } }, { fields })).toEqual({});
  });

  it("follows the form's own names for the API's fields", () => {
    const failure = { code: "wrong_password", fields: { currentPassword: "wrong" } };
    expect(
      explainFailure(failure, { fields: ["current", "next"], fieldNames: { currentPassword: "current" } }),
    ).toEqual({ current: "validation.currentWrong" });
  });

  it("uses the form's texts, per field where a code means something different at each", () => {
    const options = {
      fields: ["count", "ownerEmail"] as const,
      messages: { not_found: "owner.notFound", invalid_request: { count: "count.invalid" } },
    };
    expect(explainFailure({ code: "not_found", fields: { ownerEmail: "none" } }, options)).toEqual({
      ownerEmail: "owner.notFound",
    });
    expect(explainFailure({ code: "invalid_request", fields: { count: "big" } }, options)).toEqual({
      count: "count.invalid",
    });
    expect(explainFailure({ code: "invalid_request", fields: { ownerEmail: "long" } }, options)).toEqual({});
  });
});
