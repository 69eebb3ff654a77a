// The route table; reads like the spec's table. Layouts wrap their screens; rules come with features.
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/public/home.tsx"),
    route("404", "routes/public/not-found.tsx"),
    // Test fixtures for the end-to-end suite; a 404 unless E2E_FIXTURES=on.
    route("__e2e/:fixture", "routes/e2e-fixtures.tsx"),
    // Every path no other route claims: the 404 view inside the default layout.
    route("*", "routes/public/not-found.tsx", { id: "unknown-route" }),
  ]),
  layout("layouts/empty.tsx", [route("gratis-provperiod", "routes/public/free-trial.tsx")]),
] satisfies RouteConfig;
