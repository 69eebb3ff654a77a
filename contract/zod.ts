// zod for every schema of the contract. In the browser zod must not compile parsers with
// new Function: the CSP forbids eval, and merely probing for it reports a violation.
import { z } from "zod";

if (typeof window !== "undefined") z.config({ jitless: true });

export { z };
