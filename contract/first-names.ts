// The admin's list of first names: /{name} shows a "coming soon" stub page for each (decisions
// "Personal first-name paths").
import { text, z } from "./zod";

/** First path segments that belong to the product; a name may never take one. */
export const reservedPaths = [
  "404",
  "admin",
  "api",
  "assets",
  "uploads",
  "k",
  "login",
  "new",
  "forgot-password",
  "reset-password",
  "verify-email",
  "checkout-link",
  "privacy",
  "account",
  "memories",
  "invitation",
  "extended-trial",
  "preview",
  "gratis-provperiod",
  "partner",
  "welcome",
  "favicon.svg",
  "__e2e",
  "__manifest",
  "metrics",
  "continuity",
  "kontinuitet",
];

export const firstNameSchema = text("A first name", { error: "Enter a first name." })
  .trim()
  .min(1, "Enter a first name.")
  .max(40, "A first name has at most 40 characters.")
  .regex(/^\p{L}+(?:-\p{L}+)*$/u, "Letters only (and a hyphen between parts, as in Anna-Lena).")
  .refine(
    (name) => !reservedPaths.includes(name.toLowerCase()),
    "This word is already a page of the product.",
  );

export const addFirstNameRequestSchema = z.object({ name: firstNameSchema });

export const firstNameEntrySchema = z.object({
  name: z.string(),
  displayName: z.string(),
  createdAt: z.string(),
});
export const firstNameListSchema = z.object({ names: z.array(firstNameEntrySchema) });
export type FirstNameEntry = z.infer<typeof firstNameEntrySchema>;
