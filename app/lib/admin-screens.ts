// The admin screens, declared once: the admin layout's menu, the cards of /admin and the breadcrumbs of
// every admin screen (AdminPageHeader) read these.
// A new admin screen adds its route in app/routes.ts and one entry here.

export type AdminScreen = {
  /** The screen's address. */
  path: string;
  /** Its name in the menu and on its card (an i18n key). */
  label: string;
  /** One line on its card saying what it is for (an i18n key). */
  description: string;
};

/** The start of the admin area: in the menu, not a card on itself. */
export const adminHome = { path: "/admin", label: "admin.home" } as const;

export const adminScreens: readonly AdminScreen[] = [
  { path: "/admin/profiles/list", label: "adminProfiles.nav.list", description: "admin.screens.list" },
  { path: "/admin/profiles/new", label: "adminProfiles.nav.new", description: "admin.screens.new" },
  {
    path: "/admin/profile-admin",
    label: "adminProfiles.nav.admin",
    description: "admin.screens.profileAdmin",
  },
  { path: "/admin/first-names", label: "firstNames.nav", description: "admin.screens.firstNames" },
  {
    path: "/admin/partner/whitelist",
    label: "adminPartners.nav",
    description: "adminPartners.screen",
  },
  { path: "/admin/orders", label: "adminOrders.nav.orders", description: "adminOrders.screens.orders" },
  {
    path: "/admin/checkout-link",
    label: "adminOrders.nav.checkoutLink",
    description: "adminOrders.screens.checkoutLink",
  },
  { path: "/admin/capway/creditor", label: "creditor.nav", description: "creditor.screen" },
  {
    path: "/admin/capway/new-invoice",
    label: "adminInvoices.nav.new",
    description: "adminInvoices.screens.new",
  },
  {
    path: "/admin/capway/invoices",
    label: "adminInvoices.nav.list",
    description: "adminInvoices.screens.list",
  },
  {
    path: "/admin/capway/bgmax",
    label: "adminInvoices.nav.bgmax",
    description: "adminInvoices.screens.bgmax",
  },
  { path: "/admin/qr/manager", label: "adminQr.nav", description: "adminQr.screen" },
  {
    path: "/admin/address-pdf-maker",
    label: "adminLabels.nav",
    description: "adminLabels.screen",
  },
  {
    path: "/admin/change-password",
    label: "admin.changePassword",
    description: "admin.screens.changePassword",
  },
];

/**
 * The steps from the admin home to the screen at `path` (itself last), for breadcrumbs; the home
 * alone on the home itself or a path that is no admin screen.
 */
export function adminTrail(path: string): { path: string; label: string }[] {
  const screen = adminScreens.find((entry) => entry.path === path);
  return screen ? [adminHome, screen] : [adminHome];
}
