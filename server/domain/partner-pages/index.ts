// The feature's face (ADR 023): the pages a partner makes for its families, their print and claim links.
export {
  callerOrganisation,
  listPartnerPages,
  makePartnerPages,
  resendPartnerPage,
  sendPartnerPage,
  takeBackPartnerPage,
  madePageOrigin,
} from "./pages";
export { sendPartnerPageEmail } from "./emails";
export { printPartnerQrSheet } from "./print";
