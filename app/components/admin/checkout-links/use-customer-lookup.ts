// The checkout link screen's lookup: a customer found by e-mail (POST /api/admin/user-fetch) or by a
// page's code (GET /api/admin/profiles/{id}, then its owner), with the customer's pages to choose
// from (GET /api/admin/profiles?q={e-mail}, only theirs kept). Found by code, that page is chosen.
import { useState, type FormEvent } from "react";
import { isProfileId, normalizeProfileId } from "../../../../contract/profile-id";
import type { ProfileStatus } from "../../../../contract/profile-values";
import type { AdminUser } from "../../../../contract/auth";
import { api } from "../../../lib/api";
import { failureOf } from "../../../lib/failure";
import { emailProblem } from "../../../lib/validate";

export type CustomerPage = { id: string; name: string | null; status: ProfileStatus };

/** Who the link is for, their pages, and the page already chosen (found by its code), if any. */
export type FoundCustomer = { user: AdminUser; pages: CustomerPage[]; chosenPageId: string | null };

export type CustomerLookupState = "idle" | "busy" | "not-found" | "page-not-found" | "no-owner" | "failed";

/** The most pages a customer's list asks for at once; more than anyone keeps. */
const pageLimit = 200;

async function pagesOf(email: string): Promise<CustomerPage[]> {
  const list = await api.get("/admin/profiles", { query: { q: email, limit: pageLimit } });
  const wanted = email.toLowerCase();
  // The search matches addresses that begin so; only the customer's own pages are theirs to pay for.
  return list.profiles
    .filter((row) => row.ownerEmail?.toLowerCase() === wanted)
    .map((row) => ({ id: row.id, name: row.displayName, status: row.status }));
}

export function useCustomerLookup(onFound: (found: FoundCustomer | null) => void) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const [state, setState] = useState<CustomerLookupState>("idle");

  async function find(event: FormEvent) {
    event.preventDefault();
    const value = typed.trim();
    const code = normalizeProfileId(value);
    const byCode = !value.includes("@") && isProfileId(code);
    const problem = byCode
      ? undefined
      : value.includes("@")
        ? emailProblem(value)
        : "checkoutLinks.findInvalid";
    setError(problem);
    if (problem) return;
    setState("busy");
    onFound(null);
    try {
      let email = value;
      if (byCode) {
        let ownerEmail: string | null;
        try {
          ownerEmail = (await api.get("/admin/profiles/{id}", { params: { id: code } })).ownerEmail;
        } catch (caught) {
          if (failureOf(caught).code === "not_found") return setState("page-not-found");
          throw caught;
        }
        if (!ownerEmail) return setState("no-owner");
        email = ownerEmail;
      }
      const user = await api.post("/admin/user-fetch", { body: { email } });
      const pages = await pagesOf(user.email);
      onFound({
        user,
        pages,
        chosenPageId: byCode ? code : pages.length === 1 ? (pages[0]?.id ?? null) : null,
      });
      setState("idle");
    } catch (caught) {
      setState(failureOf(caught).code === "not_found" ? "not-found" : "failed");
    }
  }

  return { typed, setTyped, error, state, find };
}
