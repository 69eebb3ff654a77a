// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { issueFormToken } from "./form-token";
export { keepDraft, pruneDrafts, readDraft } from "./drafts";
export { updateMemorySettings } from "./settings";
export {
  assertLivePage,
  deleteOwnMemory,
  lightCandle,
  readOwnMemory,
  reportLimits,
  reportMemory,
  visitorLimits,
  writeMemory,
  type MemoryAttachments,
} from "./visitor-posts";
export { decideMemoryPhoto, type AttachedPhoto } from "./memory-photos";
export { memoriesWaitingOn, ownerMemories, publicMemories } from "./lists";
export { decideMemory, replyToMemory } from "./moderation";
export { decideMemoryReport, memoryFigures, memoryReportQueue } from "./reports";
export { type CandleAnnouncer, candleAnnouncer } from "./candles";
export { decideCandleName, removeCandle } from "./candle-names";
export { sendMemoryReceipt, tellOwnerOfFirstMemory, tellOwnerOfReport } from "./emails";
export { sendMemoryDigests } from "./digest";
