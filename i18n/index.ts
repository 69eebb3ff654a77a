// The texts in both languages, registered for the server (its pages, e-mails and PDFs) and the tests;
// the browser loads only the parts of the page's language its screens need (app/lib/i18n.ts).
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
