// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export {
  addInterval,
  checkoutLinkState,
  checkoutRefusal,
  firstChargeAt,
  invoicedPeriod,
  type LinkState,
  onTrial,
  orderPaymentRefusal,
  payableStatuses,
  runningTrialEnd,
  takeOrderNumber,
} from "./orders";
export {
  createCardOrder,
  customerOrder,
  findCustomerOrderRow,
  giftColumns,
  orderView,
} from "./card-checkout";
export { applyGiftToPage, customerGift, type GiftChoice, giftOffer, giftPlan, giftRefusal } from "./gifts";
export { tellFamilyOfGift } from "./gift-emails";
export { applyPaymentToPage } from "./page-payment";
export { type Booking, type BookingDeps, bookPaymentEvent, hasPaidEveryPeriod } from "./booking";
export {
  cancelSubscription,
  customerSubscriptions,
  endRenewalsAtHandOver,
  resumeSubscription,
  type SubscriptionDeps,
} from "./subscriptions";
export { cardUpdatePage, switchSubscriptionPlan, updateSandboxCard } from "./subscription-changes";
export { withdrawSubscription } from "./withdrawal";
export { createCheckoutLink, listCheckoutLinks, revokeCheckoutLink } from "./checkout-links";
export { sendCheckoutLinkEmail } from "./checkout-link-email";
export { adminOrderDetail, customerOrders } from "./orders-admin";
export {
  customerLocale,
  formatReceiptMoney,
  localeOf,
  receiptData,
  receiptForViewer,
  receiptPdf,
  receiptSeller,
  type Seller,
  sellerFromConfig,
} from "./receipts";
export { activeCreditor, activeCreditorRow, saveCreditor } from "./creditor";
export { sendChargeFailedEmail, sendPaymentFailedEmail, sendTrialEndingEmail } from "./emails";
export { isUnpaidInvoiceOf, unpaidInvoiceNumberOf, unpaidInvoiceStatuses } from "./unpaid-invoice";
export { chargeSubscriptionNow } from "./charges";
export { refuseTermBesideRenewal } from "./terms";
export {
  type CustomerEmailContext,
  sendReceiptOnce,
  sendRenewalReceiptOnce,
  tellCustomer,
} from "./customer-emails";
