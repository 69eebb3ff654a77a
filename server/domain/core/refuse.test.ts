// A refusal (ADR 032) takes its kind and field from the list, its message from the English text with
// the parameters filled in, and carries its code and parameters for the API's answer.
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import { pageMissing, refuse } from "./refuse";

describe("refuse", () => {
  it("makes a DomainError of the list's kind and field, its message the English text with the parameters", () => {
    const error = refuse("checkout.unpaid-invoice", { invoiceNumber: 17 });
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe("conflict");
    expect(error.field).toBe("profileId");
    expect(error.message).toBe("This page has an unpaid invoice (number 17); paying it keeps the page.");
    expect(error.refusal).toEqual({ code: "checkout.unpaid-invoice", params: { invoiceNumber: 17 } });
  });

  it("names another field when the call does, and takes no parameters where the refusal has none", () => {
    expect(refuse("memory.links", {}, { field: "relation" }).field).toBe("relation");
    expect(pageMissing()).toMatchObject({
      code: "not_found",
      field: "profileId",
      refusal: { code: "page.missing" },
    });
    expect(pageMissing("ids.2").field).toBe("ids.2");
  });
});
