// The admin's "find a user by e-mail" (POST /api/admin/user-fetch), as the users tool and the
// checkout-link screen both use it: the typed address, its field message, and the lookup's state.
import { useState, type FormEvent } from "react";
import type { AdminUser } from "../../contract/auth";
import { api } from "./api";
import { emailProblem } from "./validate";
import { failureOf } from "./failure";

export type UserLookupState = "idle" | "busy" | "not-found" | "failed";

export function useUserLookup(onFound: (user: AdminUser | null) => void) {
  const [email, setEmail] = useState("");
  const [emailError, setEmailError] = useState<string>();
  const [state, setState] = useState<UserLookupState>("idle");

  async function find(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setEmailError(problem);
    if (problem) return;
    setState("busy");
    onFound(null);
    try {
      const found = await api.post("/admin/user-fetch", { body: { email: email.trim() } });
      onFound(found);
      setState("idle");
    } catch (error) {
      setState(failureOf(error).code === "not_found" ? "not-found" : "failed");
    }
  }

  return { email, setEmail, emailError, state, find };
}
