// The texts in parts a browser loads as its screens need them: each area names the top-level keys of
// the dictionaries it holds, and each path the areas its screens show. The site's frame (header,
// footer, errors, consent) is in every page; a customer's pages never load the admin's texts; the
// texts of e-mails, receipts and invoices stay on the server. build-tools/text-areas.test.ts checks,
// from each route's imports, that its path's areas hold every text its screens can ask for.
export const textAreas = {
  site: [
    "brand",
    "common",
    "nav",
    "footer",
    "language",
    "consent",
    "testMode",
    "toast",
    "error",
    "validation",
    // Why the business said no (ADR 032): any screen that calls the API may have to say it.
    "refusals",
  ],
  // What lists, tables and pages with a status or money show (most screens but the sign-in ones).
  lists: ["breadcrumbs", "emptyState", "table", "money", "layout", "profileStatus", "publicPage", "orders"],
  auth: ["auth"],
  // The e-mail address's verification: its page, and the reminders on the account's pages.
  verification: ["verifyEmail"],
  // "welcome": a partner's customer's welcome (/welcome, a first name's default areas) and the banner of
  // /k/{id}?ref=.
  page: [
    "profile",
    "publish",
    "share",
    "ownOrders",
    "firstName",
    "memoryModeration",
    "family",
    "reminders",
    "life",
    "welcome",
    // The photos visitors see on a page, its photo pages and the viewer.
    "publicPhotos",
    // A page's videos: the public section and the family's editor.
    "video",
    "albumEditor",
    // A private page's door, and its settings in the family's editor (ADR 043).
    "privatePage",
    // The family's keepsake panel (ADR 045).
    "keepsake",
    // The static copy's own words on a page (ADR 046).
    "staticCopy",
  ],
  // What visitors see and send on a page: memories and candles, and the writer's own deletion.
  memories: ["memories"],
  trials: ["trials", "freeTrial", "extendedTrial"],
  checkout: ["checkout", "invoiceCheckout"],
  // A postal address's fields and problems: the checkouts' and the partner's labels.
  addresses: ["addresses"],
  account: ["account", "accountHome", "privacy"],
  // What a family can count on if the service stops (/continuity, /kontinuitet).
  continuity: ["continuity"],
  partner: ["partner"],
  admin: [
    "admin",
    "adminDashboard",
    "adminInvoices",
    "adminLabels",
    "adminOrders",
    "adminPartners",
    "adminProfiles",
    "adminQr",
    "creditor",
    "checkoutLinks",
    "firstNames",
    "adminMemories",
  ],
} as const;

export type TextArea = keyof typeof textAreas;

export const browserTextAreas = Object.keys(textAreas) as TextArea[];

/** Texts only the server uses (e-mails, receipts, invoices): in no area, never sent to a browser. */
export const serverTexts = [
  "email",
  "billingEmail",
  "receipt",
  "invoicePdf",
  "invoiceLine",
  "calendarFile",
  // The keepsake's offline copy and memorial book, and its e-mails (ADR 045).
  "keepsakeFile",
  "keepsakeEmail",
] as const;

/** The areas the screens at `pathname` show texts from (the site's frame first). */
export function textAreasFor(pathname: string): TextArea[] {
  const [first = "", second = "", third = ""] = pathname.split("/").filter(Boolean);
  switch (first) {
    case "admin":
      // An admin's screens show pages, orders and partners as their owners see them.
      return browserTextAreas;
    case "partner":
      // The pages a partner makes print address labels.
      return second === "dashboard" && third === "pages"
        ? ["site", "lists", "auth", "partner", "account", "addresses"]
        : ["site", "lists", "auth", "partner", "account"];
    case "k":
      // The checkouts' and a gift's screens take a card (ADR 044).
      return second && (third === "checkout" || third === "gift")
        ? ["site", "checkout", "addresses", "page"]
        : ["site", "lists", "page", "memories"];
    case "memories":
      return ["site", "memories"];
    // A partner's welcome: what a page is and costs (the sign-up's texts), and the ways in.
    case "welcome":
      return ["site", "page", "auth"];
    // A page's invitation: what the page is, and the way to sign up or in.
    case "invitation":
      return ["site", "page", "auth"];
    case "checkout-link":
      return ["site", "checkout", "addresses", "auth"];
    case "login":
    case "new":
    case "forgot-password":
    case "reset-password":
      return ["site", "auth"];
    case "verify-email":
      return ["site", "auth", "verification"];
    case "":
    case "account":
      return ["site", "lists", "account", "page", "auth", "verification", "trials", "checkout", "addresses"];
    case "privacy":
      return ["site", "lists", "account"];
    case "continuity":
    case "kontinuitet":
      return ["site", "lists", "continuity"];
    case "gratis-provperiod":
    case "extended-trial":
    case "preview":
      return ["site", "trials", "auth", "verification"];
    default:
      // A first name's page, or a 404.
      return ["site", "page"];
  }
}

/** The part of a dictionary the areas hold: their top-level keys, as they are. */
export function pickTexts<T extends object>(dictionary: T, areas: readonly TextArea[]): Partial<T> {
  const keys = new Set<string>(areas.flatMap((area) => textAreas[area]));
  return Object.fromEntries(Object.entries(dictionary).filter(([key]) => keys.has(key))) as Partial<T>;
}
