// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { adminDashboard, historyTtlMs } from "./admin-dashboard";
export { type SetupGap, setupGaps } from "./setup-gaps";
