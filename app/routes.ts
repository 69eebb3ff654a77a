// The route table; reads like the spec's table. Layouts wrap their screens; each screen or layout
// names its rules (app/rules) in its own module.
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/account/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    // A partner's customer arriving by /?ref={slug} is greeted by the partner's name.
    route("welcome", "routes/public/welcome.tsx"),
    route("new", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("verify-email", "routes/auth/verify-email.tsx"),
    route("404", "routes/public/not-found.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    // What a family can count on if the service stops: one page at an English and a Swedish address.
    route("continuity", "routes/public/continuity.tsx"),
    route("kontinuitet", "routes/public/continuity.tsx", { id: "continuity-sv" }),
    route("account", "routes/account/account.tsx"),
    route("account/deleted", "routes/account/deleted.tsx"),
    // The card checkout needs the app (the light public page is for visitors): the default layout.
    route("k/:id/checkout/card", "routes/checkout/card.tsx"),
    route("k/:id/checkout/faktura", "routes/checkout/faktura.tsx"),
    route("k/:id/checkout/confirm", "routes/checkout/confirm.tsx"),
    // A year anyone signed in can give a resting or past-due page (ADR 044), and its thank-you.
    route("k/:id/gift", "routes/gift/give.tsx"),
    route("k/:id/gift/thanks", "routes/gift/thanks.tsx"),
    route("k/:id/memories", "routes/profile/memories.tsx"),
    route("k/:id/albums", "routes/profile/albums.tsx"),
    route("checkout-link/:token", "routes/checkout/link.tsx"),
    // A memory's writer deletes it with the link they were sent.
    route("memories/delete", "routes/public/delete-memory.tsx"),
    // An invitation to a page, by its e-mailed link: to help keep it, or to take it over.
    route("invitation", "routes/public/invitation.tsx"),
    // Test fixtures for the end-to-end suite; a 404 unless E2E_FIXTURES=on.
    route("__e2e/:fixture", "routes/e2e-fixtures.tsx"),
    // The admin's first names (/{name}); every product path above outranks it.
    route(":name", "routes/public/first-name.tsx"),
    // Every path no other route claims: the 404 view inside the default layout.
    route("*", "routes/public/not-found.tsx", { id: "unknown-route" }),
  ]),
  // The public page has its own quiet layout, light for anonymous visitors (ADR 011).
  layout("layouts/public-page.tsx", [
    // /k?code=…: the code typed again (a misprint), normalised and sent on to its page.
    route("k", "routes/profile/code.tsx"),
    route("k/:id", "routes/profile/page.tsx"),
    // One photo of the page at its own address: what a thumbnail links to (decisions "A life in pictures").
    route("k/:id/photos/:photoId", "routes/profile/photo.tsx"),
  ]),
  layout("layouts/empty.tsx", [
    route("gratis-provperiod", "routes/public/free-trial.tsx"),
    route("extended-trial", "routes/public/extended-trial.tsx"),
    route("preview/extended-trial", "routes/public/extended-trial-preview.tsx"),
  ]),
  // The partner side (ADR 014): sign-in, sign-up, the dashboard and its customer list.
  ...prefix("partner", [
    layout("layouts/partner.tsx", [
      index("routes/partner/index.tsx"),
      route("signin", "routes/partner/signin.tsx"),
      route("signup", "routes/partner/signup.tsx"),
      route("dashboard", "routes/partner/dashboard.tsx"),
      route("dashboard/users", "routes/partner/users.tsx"),
      route("dashboard/pages", "routes/partner/pages.tsx"),
    ]),
  ]),
  ...prefix("admin", [
    layout("layouts/admin.tsx", [
      index("routes/admin/home.tsx"),
      route("change-password", "routes/admin/change-password.tsx"),
      route("profiles/list", "routes/admin/profiles-list.tsx"),
      route("profiles/new", "routes/admin/profiles-new.tsx"),
      route("profile-admin", "routes/admin/profile-admin.tsx"),
      route("first-names", "routes/admin/first-names.tsx"),
      route("partner/whitelist", "routes/admin/partner-whitelist.tsx"),
      route("memories/reports", "routes/admin/memory-reports.tsx"),
      route("orders", "routes/admin/orders.tsx"),
      route("orders/:orderNumber", "routes/admin/orders-detail.tsx"),
      route("checkout-link", "routes/admin/checkout-link.tsx"),
      route("capway/creditor", "routes/admin/creditor.tsx"),
      route("capway/new-invoice", "routes/admin/new-invoice.tsx"),
      route("capway/invoices", "routes/admin/invoices.tsx"),
      route("capway/invoices/:id", "routes/admin/invoice-detail.tsx"),
      route("capway/bgmax", "routes/admin/bgmax.tsx"),
      route("address-pdf-maker", "routes/admin/address-pdf-maker.tsx"),
      route("qr/manager", "routes/admin/qr-manager.tsx"),
      // Unknown /admin paths are a 404 too, but only after the admin rule.
      route("*", "routes/public/not-found.tsx", { id: "admin-unknown-route" }),
    ]),
  ]),
] satisfies RouteConfig;
