// The admin screens, declared once: the admin layout's menu and the cards of /admin both list these.
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
    path: "/admin/change-password",
    label: "admin.changePassword",
    description: "admin.screens.changePassword",
  },
];
