// /account/deleted: where deleting one's account ends (a full load, so nothing of the session is left
// on the page). It says what happened to the pages and what the law keeps; it shows nobody's data.
import { useTranslation } from "../../lib/i18n";
import { useSearchParams } from "react-router";

export default function AccountDeleted() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  // How many pages were removed, as the deletion answered; anything else reads as one.
  const pages = Math.min(Math.max(Number.parseInt(params.get("pages") ?? "1", 10) || 0, 0), 10_000);
  return (
    <section aria-labelledby="deleted-heading" className="mx-auto flex max-w-xl flex-col gap-4 py-6">
      <title>{t("account.deleted.title")}</title>
      <h1 id="deleted-heading" className="text-3xl font-semibold text-brand">
        {t("account.deleted.heading")}
      </h1>
      {pages > 0 && <p>{t("account.deleted.pages", { count: pages })}</p>}
      <p className="text-muted">{t("account.deleted.orders")}</p>
      <p>
        <a href="/" className="inline-flex min-h-11 items-center font-medium text-brand underline">
          {t("account.deleted.home")}
        </a>
      </p>
    </section>
  );
}
