// Vite plugin: the texts of one language and area (i18n/areas.ts) as a module of their own, so the
// browser fetches a screen's texts and not a whole dictionary. `virtual:texts` answers a loader per
// language and area; `virtual:texts/sv-SE/auth` is that part of i18n/sv-SE.json.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { browserTextAreas, pickTexts, type TextArea } from "../i18n/areas.ts";

const prefix = "virtual:texts";
const hidden = `\0${prefix}`;

export function textsPlugin(): Plugin {
  const folder = path.resolve(import.meta.dirname, "../i18n");
  // A language is a dictionary in i18n/ (en-US.json, sv-SE.json).
  const locales = readdirSync(folder)
    .filter((name) => /^[a-z]{2}-[A-Z]{2}\.json$/.test(name))
    .map((name) => name.replace(/\.json$/, ""));
  return {
    name: "kammare-texts",
    resolveId(id) {
      return id === prefix || id.startsWith(`${prefix}/`) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === hidden) {
        const loaders = locales.flatMap((locale) =>
          browserTextAreas.map(
            (area) => `  "${locale}/${area}": () => import("${prefix}/${locale}/${area}"),`,
          ),
        );
        return `export const textLoaders = {\n${loaders.join("\n")}\n};\n`;
      }
      if (!id.startsWith(`${hidden}/`)) return undefined;
      const [locale, area] = id.slice(hidden.length + 1).split("/");
      if (!locales.includes(locale ?? "") || !browserTextAreas.includes(area as TextArea)) {
        this.error(`No texts ${locale}/${area}`);
      }
      const file = path.join(folder, `${locale}.json`);
      this.addWatchFile(file);
      const part = pickTexts(JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>, [
        area as TextArea,
      ]);
      // JSON.parse of a string is quicker for the browser than an object literal of the same texts.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});\n`;
    },
  };
}
