// Values Vite writes into the build.
declare const __BUILD_ID__: string;
declare module "virtual:react-router/server-build" {
  import type { ServerBuild } from "react-router";
  const build: ServerBuild;
  export = build;
}
