// The admin screens, declared once: the admin layout's menu (grouped by task), the cards of /admin and
// the breadcrumbs of every admin screen (AdminPageHeader) read these.
// A new admin screen adds its route in app/routes.ts and one entry here, in its group.

/** The tasks the admin's menu is grouped by, in the menu's order. */
export const adminGroups = [
  { id: "pages", label: "admin.nav.groups.pages" },
  { id: "money", label: "admin.nav.groups.money" },
  { id: "partners", label: "admin.nav.groups.partners" },
  { id: "print", label: "admin.nav.groups.print" },
  { id: "account", label: "admin.nav.groups.account" },
] as const;

export type AdminGroup = (typeof adminGroups)[number]["id"];

export type AdminScreen = {
  /** The screen's address. */
  path: string;
  /** Its name in the menu and on its card (an i18n key). */
  label: string;
  /** One line on its card saying what it is for (an i18n key). */
  description: string;
  /** The task it belongs to in the menu. */
  group: AdminGroup;
};

/** The start of the admin area: first in the menu, above the groups; not a card on itself. */
export const adminHome = { path: "/admin", label: "admin.home" } as const;

export const adminScreens: readonly AdminScreen[] = [
  {
    path: "/admin/profiles/list",
    label: "adminProfiles.nav.list",
    description: "admin.screens.list",
    group: "pages",
  },
  {
    path: "/admin/profiles/new",
    label: "adminProfiles.nav.new",
    description: "admin.screens.new",
    group: "pages",
  },
  {
    path: "/admin/profile-admin",
    label: "adminProfiles.nav.admin",
    description: "admin.screens.profileAdmin",
    group: "pages",
  },
  {
    path: "/admin/first-names",
    label: "firstNames.nav",
    description: "admin.screens.firstNames",
    group: "pages",
  },
  {
    path: "/admin/memories/reports",
    label: "adminMemories.nav",
    description: "adminMemories.screen",
    group: "pages",
  },
  {
    path: "/admin/orders",
    label: "adminOrders.nav.orders",
    description: "adminOrders.screens.orders",
    group: "money",
  },
  {
    path: "/admin/checkout-link",
    label: "adminOrders.nav.checkoutLink",
    description: "adminOrders.screens.checkoutLink",
    group: "money",
  },
  {
    path: "/admin/capway/invoices",
    label: "adminInvoices.nav.list",
    description: "adminInvoices.screens.list",
    group: "money",
  },
  {
    path: "/admin/capway/new-invoice",
    label: "adminInvoices.nav.new",
    description: "adminInvoices.screens.new",
    group: "money",
  },
  {
    path: "/admin/capway/bgmax",
    label: "adminInvoices.nav.bgmax",
    description: "adminInvoices.screens.bgmax",
    group: "money",
  },
  { path: "/admin/capway/creditor", label: "creditor.nav", description: "creditor.screen", group: "money" },
  {
    path: "/admin/partner/whitelist",
    label: "adminPartners.nav",
    description: "adminPartners.screen",
    group: "partners",
  },
  { path: "/admin/qr/manager", label: "adminQr.nav", description: "adminQr.screen", group: "print" },
  {
    path: "/admin/address-pdf-maker",
    label: "adminLabels.nav",
    description: "adminLabels.screen",
    group: "print",
  },
  {
    path: "/admin/change-password",
    label: "admin.changePassword",
    description: "admin.screens.changePassword",
    group: "account",
  },
];

/** The screens of each group, in the menu's order; a group without screens is left out. */
export function adminMenu(): { id: AdminGroup; label: string; screens: AdminScreen[] }[] {
  return adminGroups
    .map((group) => ({ ...group, screens: adminScreens.filter((screen) => screen.group === group.id) }))
    .filter((group) => group.screens.length > 0);
}

/**
 * The steps from the admin home to the screen at `path` (itself last), for breadcrumbs; the home
 * alone on the home itself or a path that is no admin screen.
 */
export function adminTrail(path: string): { path: string; label: string }[] {
  const screen = adminScreens.find((entry) => entry.path === path);
  return screen ? [adminHome, screen] : [adminHome];
}
