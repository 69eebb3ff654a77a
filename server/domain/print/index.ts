// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export {
  labelAddresses,
  labelsPdf,
  labelsPreview,
  listAwaitingPlaques,
  markPlaquesSent,
} from "./address-labels";
export { listQrBatches, listQrProfiles, printQrSheet } from "./admin-qr";
export { profileQrCode } from "./profile-qr";
