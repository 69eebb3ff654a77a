// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { audit, type RequestOrigin } from "./audit";
export { DomainError, type DomainErrorCode } from "./errors";
export { pageMissing, refuse } from "./refuse";
export { type Actor, hasRole, type Viewer } from "./viewer";
export { newToken, tokenHash } from "./tokens";
export { siteKey } from "./site-keys";
export { csvDocument } from "./csv";
export {
  consume,
  countAttempt,
  type Limit,
  pruneRateLimits,
  rateLimited,
  refundAttempts,
} from "./rate-limit";
export { backdateInvoice } from "./e2e-clock";
export { dayMs } from "./time";
export {
  type DomainEvent,
  type FamilyInvited,
  type PartnerPageSent,
  type MemoryReported,
  type PageVisitorInvited,
  type MoneyEvent,
  onDomainEvents,
  pageChanged,
  recordEvent,
  transaction,
} from "./events";
export { zipStream, type ZipEntry } from "./zip-stream";
