// An expired page, as the public sees it: resting, not gone.
import { useTranslation } from "../../lib/i18n";

export function RestingView() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="resting" className="mx-auto flex max-w-xl flex-col gap-3 py-16 text-center">
      <title>{t("profile.resting.title")}</title>
      <h1 id="resting" className="text-3xl font-semibold text-brand">
        {t("profile.resting.heading")}
      </h1>
      <p className="text-muted">{t("profile.resting.lead")}</p>
    </section>
  );
}
