// Payloads of the account and session calls (spec sections 3 and 7, DESIGN "Sessions").
import {
  emailAddressPattern,
  emailMaxLength,
  hasDottedDomain,
  passwordMaxLength,
  passwordMinLength,
} from "./account-rules";
import { storedSessionSchema, sessionUserSchema } from "./session";
import { text, z } from "./zod";

export const roles = ["customer", "partner", "admin"] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export { passwordMaxLength, passwordMinLength };

export const emailSchema = text("An e-mail address", { error: "Enter your e-mail address." })
  .trim()
  .max(emailMaxLength, `An e-mail address has at most ${emailMaxLength} characters.`)
  .regex(emailAddressPattern, "Enter a valid e-mail address.");

/** A password as typed at sign-in: anything non-empty, within the length limit. */
export const typedPassword = text("A password", { error: "Enter your password." })
  .min(1, "Enter your password.")
  .max(passwordMaxLength, `A password has at most ${passwordMaxLength} characters.`);

/** A new password: long enough, not too long. */
export const newPasswordSchema = text("A password", { error: "Choose a password." })
  .min(passwordMinLength, `A password needs at least ${passwordMinLength} characters.`)
  .max(passwordMaxLength, `A password has at most ${passwordMaxLength} characters.`);

export const passwordIsEmailMessage = "The password must not be your e-mail address.";

function sameAsEmail(password: string, email: string): boolean {
  return password.trim().toLowerCase() === email.trim().toLowerCase();
}

export const loginRequestSchema = z.object({
  type: z.literal("email", { error: 'type must be "email".' }),
  email: emailSchema,
  password: typedPassword,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionSchema = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const loginResponseSchema = z.union([
  z.object({ success: z.literal(true), session: sessionSchema }),
  z.object({ success: z.literal(false) }),
]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const newAccountEmailMessage = "Enter an e-mail address with a full domain, like name@example.com.";

/** The address of a new account: a valid address whose domain has a dot (account-rules.ts). */
export const newAccountEmailSchema = emailSchema.refine(hasDottedDomain, newAccountEmailMessage);

export const signupRequestSchema = z
  .object({ email: newAccountEmailSchema, password: newPasswordSchema })
  .refine((body) => !sameAsEmail(body.password, body.email), {
    path: ["password"],
    message: passwordIsEmailMessage,
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const sessionRefreshRequestSchema = storedSessionSchema;

export const sessionRefreshResponseSchema = z.object({
  session: sessionSchema,
  ownedProfiles: z.array(z.string()),
});
export type SessionRefreshResponse = z.infer<typeof sessionRefreshResponseSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: typedPassword,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const successSchema = z.object({ success: z.literal(true) });

export const resetRequestSchema = z.object({ email: emailSchema });
export const resetRequestAnswerSchema = z.object({ accepted: z.literal(true) });

export const resetPasswordRequestSchema = z.object({
  token: text("The link", { error: "The link is not valid." })
    .min(20, "The link is not valid.")
    .max(200, "The link is not valid."),
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const adminCheckResponseSchema = z.object({ admin: z.boolean() });
export type AdminCheckResponse = z.infer<typeof adminCheckResponseSchema>;

export const userFetchRequestSchema = z.object({ email: emailSchema });

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  roles: z.array(roleSchema),
  createdAt: z.string(),
  ownedProfiles: z.array(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminSetPasswordRequestSchema = z.object({
  userId: z.uuid({ error: "userId must be a user id." }),
  password: newPasswordSchema,
});
export type AdminSetPasswordRequest = z.infer<typeof adminSetPasswordRequestSchema>;
