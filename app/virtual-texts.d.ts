// The modules build-tools/texts-plugin.ts makes: one loader per language and text area.
declare module "virtual:texts" {
  export const textLoaders: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
}
