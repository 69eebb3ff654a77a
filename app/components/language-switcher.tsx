// Switches the page's language: saved in the `locale` cookie by the server, then the page re-renders.
import { useState } from "react";
import { useTranslation } from "../lib/i18n";
import { locales, type Locale } from "../../contract/locale";
import { loadTextAreas } from "../lib/i18n";
import { api } from "../lib/api";
import { capture } from "../lib/analytics";

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  const current = i18n.language as Locale;

  async function choose(locale: Locale) {
    if (locale === current) return;
    setFailed(false);
    try {
      // The other language's texts are a file of their own: here before the saved choice renders the
      // page again in it.
      await loadTextAreas(locale, window.location.pathname);
      await api.post("/preferences/locale", { body: { locale } });
      capture("language_changed", { locale });
    } catch {
      setFailed(true);
    }
  }

  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("language.label")}>
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          onClick={() => void choose(locale)}
          className={`min-h-11 rounded-[var(--radius-control)] px-3 text-sm font-medium ${
            locale === current ? "bg-brand text-white" : "text-brand hover:bg-brand-soft"
          }`}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
      {failed && (
        <p role="alert" className="ml-2 text-sm text-danger">
          {t("language.failed")}
        </p>
      )}
    </div>
  );
}
