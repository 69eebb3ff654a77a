// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { checkoutByInvoice, issueManualInvoice, previewManualInvoice } from "./issuing";
export {
  adminInvoiceDetail,
  customerInvoiceOfOrder,
  listInvoices,
  unpaidInvoiceOfPage,
} from "./invoice-views";
export { recordInvoicePayment } from "./invoice-payments";
export { creditInvoice, sendInvoiceReminder } from "./credits-and-reminders";
export { type InvoicingDeps, pastDue } from "./invoice-rows";
export { takeInvoiceNumber } from "./invoice-numbers";
export {
  type InvoiceFile,
  invoicePdfForViewer,
  type InvoiceSweepReport,
  profilesWithInvoiceOverdue,
  sweepInvoices,
  unpaidInvoiceDaysOverdue,
} from "./invoice-delivery";
export { importBgMax } from "./bgmax-import";
export { type BgMaxChannel, type BgMaxPayerAddress, type BgMaxReferenceType } from "./bgmax-file";
