// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { type LifecycleReport, runLifecycle } from "./sweep";
export { nextStatus } from "./status-rules";
export { pastDueRestsOn, pastDueSince, restsOn } from "./past-due";
