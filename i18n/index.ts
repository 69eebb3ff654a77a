// The texts in both languages, registered for the server (its pages and e-mails) and the tests; the
// browser loads only the page's language (app/lib/i18n.ts), through ./instances.ts.
import enUS from "./en-US.json";
import { addTexts } from "./instances";
import svSE from "./sv-SE.json";

export const resources = {
  "en-US": { translation: enUS },
  "sv-SE": { translation: svSE },
} as const;

addTexts("en-US", enUS);
addTexts("sv-SE", svSE);

export { i18nFor } from "./instances";
