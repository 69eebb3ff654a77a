// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { ownerPages } from "./owner-pages";
