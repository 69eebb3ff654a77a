// The feature's face (ADR 023, ADR 046): which pages the static copy holds, and each one's version.
export { staticCopyPages, staticCopyStatuses, type StaticCopyPage } from "./pages";
