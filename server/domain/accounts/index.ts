// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export {
  adminEmails,
  adminFetchUser,
  adminSetPassword,
  changePassword,
  ensureFirstAdmin,
  findUserByEmail,
  logIn,
  ownedProfileIds,
  rememberLocale,
  resetPassword,
  setGeneratedPassword,
  signUp,
} from "./accounts";
export { hashPassword, verifyPassword } from "./passwords";
export { requestPasswordReset } from "./password-reset";
export {
  accountFailuresPerMinute,
  accountOf,
  failuresPerAddressWhileGuessedAt,
  signIn,
  signInLimitPerMinute,
} from "./sign-in";
export {
  type ActiveSession,
  createSession,
  findSession,
  revokeSession,
  revokeUserSessions,
  sessionLifetimeMs,
  type SessionUser,
} from "./sessions";
export { requestEmailVerification, verifyEmail } from "./email-verification";
