// The route table; reads like the spec's table. Layouts wrap their screens; each screen or layout
// names its rules (app/rules) in its own module.
import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/account/home.tsx"),
    route("login", "routes/auth/login.tsx"),
    route("new", "routes/auth/signup.tsx"),
    route("forgot-password", "routes/auth/forgot-password.tsx"),
    route("reset-password", "routes/auth/reset-password.tsx"),
    route("k/:id", "routes/profile/page.tsx"),
    route("404", "routes/public/not-found.tsx"),
    // Test fixtures for the end-to-end suite; a 404 unless E2E_FIXTURES=on.
    route("__e2e/:fixture", "routes/e2e-fixtures.tsx"),
    // The admin's first names (/{name}); every product path above outranks it.
    route(":name", "routes/public/first-name.tsx"),
    // Every path no other route claims: the 404 view inside the default layout.
    route("*", "routes/public/not-found.tsx", { id: "unknown-route" }),
  ]),
  layout("layouts/empty.tsx", [route("gratis-provperiod", "routes/public/free-trial.tsx")]),
  ...prefix("admin", [
    layout("layouts/admin.tsx", [
      index("routes/admin/home.tsx"),
      route("change-password", "routes/admin/change-password.tsx"),
      route("profiles/list", "routes/admin/profiles-list.tsx"),
      route("profiles/new", "routes/admin/profiles-new.tsx"),
      route("profile-admin", "routes/admin/profile-admin.tsx"),
      route("first-names", "routes/admin/first-names.tsx"),
      // Unknown /admin paths are a 404 too, but only after the admin rule.
      route("*", "routes/public/not-found.tsx", { id: "admin-unknown-route" }),
    ]),
  ]),
] satisfies RouteConfig;
