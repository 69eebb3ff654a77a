// /memories/delete?token=…: the link a writer who left an address was sent, to delete their own
// memory (ADR 026). One button, a plain form to the API, which deletes it and goes back to the page
// saying so; a link without its token says what to do instead.
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";
import { apiFormAction } from "../../lib/api";
import { Alert } from "../../components/alert";
import { buttonClass } from "../../components/button";

export default function DeleteMemory() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  return (
    <section aria-labelledby="delete-memory" className="mx-auto flex max-w-xl flex-col gap-4 py-6">
      <title>{t("memories.deleteOwn.title")}</title>
      <h1 id="delete-memory" className="text-3xl font-semibold text-brand">
        {t("memories.deleteOwn.title")}
      </h1>
      {params.has("invalid") ? (
        <Alert tone="error">{t("memories.deleteOwn.invalid")}</Alert>
      ) : token ? (
        <form method="post" action={apiFormAction("/memories/delete-own")} className="flex flex-col gap-4">
          <p className="text-muted">{t("memories.deleteOwn.lead")}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className={buttonClass("danger", "self-start")}>
            {t("memories.deleteOwn.confirm")}
          </button>
        </form>
      ) : (
        <Alert tone="error">{t("memories.deleteOwn.missing")}</Alert>
      )}
    </section>
  );
}
