// Types of chromium.mjs, for the TypeScript that imports it (Playwright's config, the tests).
export declare const installCommand: string;
export declare function findChromium(
  env?: Record<string, string | undefined>,
  exists?: (file: string) => boolean,
): string | undefined;
export declare function onPath(
  command: string,
  env?: Record<string, string | undefined>,
  exists?: (file: string) => boolean,
): boolean;
export type ChromiumPlan =
  { action: "use"; path: string } | { action: "install" } | { action: "missing"; advice: string };
export declare function chromiumPlan(situation: {
  env: Record<string, string | undefined>;
  found: string | undefined;
  isRoot: boolean;
  hasAptGet: boolean;
}): ChromiumPlan;
