// Who may pay for a page, and when (the rule `checkout` and POST /api/checkout/card share it). Booking
// is tested over the API on every database engine: tests/api/payments.test.ts.
import { describe, expect, it } from "vitest";
import { profileStatuses } from "../../../contract/profiles";
import { checkoutRefusal, payableStatuses } from "./orders";

describe("checkoutRefusal", () => {
  const owner = "0b6f0d58-7f0b-4c1e-9a58-1d1c0f0e0a01";

  it("lets the owner pay while the page is in a trial, past due or resting", () => {
    for (const status of ["trial", "extended_trial", "past_due", "expired"] as const) {
      expect(checkoutRefusal({ status, ownerUserId: owner }, owner)).toBeNull();
    }
  });

  it("refuses with a reason: a draft (publish first), a paid page, a suspended or unclaimed one", () => {
    for (const status of profileStatuses.filter((status) => !payableStatuses.includes(status))) {
      const refusal = checkoutRefusal({ status, ownerUserId: owner }, owner);
      expect(refusal?.code).toBe("conflict");
      expect(refusal?.message).not.toBe("");
    }
    expect(checkoutRefusal({ status: "draft", ownerUserId: owner }, owner)?.message).toMatch(/Publish/);
  });

  it("refuses anyone but the owner, and a page that does not exist", () => {
    expect(checkoutRefusal({ status: "trial", ownerUserId: owner }, "someone-else")?.code).toBe("forbidden");
    expect(checkoutRefusal({ status: "trial", ownerUserId: null }, owner)?.code).toBe("forbidden");
    expect(checkoutRefusal(null, owner)?.code).toBe("not_found");
  });
});
