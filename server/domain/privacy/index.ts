// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { privacyFacts } from "./privacy";
export { type RetentionPeriods, retentionPeriods, sweepRetention } from "./retention";
export { exportAccountData, exportParts } from "./data-export";
export {
  adminEraseAccount,
  deleteOwnAccount,
  deletionAttemptsPerMinute,
  erasedEmail,
  type ErasureDeps,
} from "./erasure";
