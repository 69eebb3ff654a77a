// /memories/delete?token=…: the link a writer who left an address was sent, to delete their own
// memory (ADR 026). It shows the memory first (what they wrote, when, under which name, on whose
// page), so they know which one goes; then one button, a plain form to the API, which deletes it and
// goes back to the page saying so. A link without its token, or one used already, says what to do.
import { useTranslation } from "../../lib/i18n";
import { apiFormAction } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { Alert } from "../../components/alert";
import { buttonClass } from "../../components/button";
import { cardClass } from "../../components/card";
import { DomainError, readOwnMemory, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/delete-memory";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token")?.trim() ?? "";
  if (params.has("invalid")) return { state: "invalid" as const };
  if (!token) return { state: "missing" as const };
  if (token.length > 200) return { state: "invalid" as const };
  try {
    const memory = await readOwnMemory(context.get(servicesContext).db, token);
    return { state: "found" as const, token, memory };
  } catch (error) {
    // A used or mistyped link: the page says so, rather than an error page.
    if (error instanceof DomainError && error.code === "invalid_token") return { state: "invalid" as const };
    throw error;
  }
}

export default function DeleteMemory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <section
      aria-labelledby="delete-memory"
      className="mx-auto flex w-full max-w-xl flex-col gap-5 py-6 sm:py-12"
    >
      <title>{t("memories.deleteOwn.title")}</title>
      <h1 id="delete-memory" className="text-3xl font-semibold text-brand">
        {t("memories.deleteOwn.title")}
      </h1>
      {loaderData.state === "invalid" ? (
        <Alert tone="error">{t("memories.deleteOwn.invalid")}</Alert>
      ) : loaderData.state === "missing" ? (
        <Alert tone="error">{t("memories.deleteOwn.missing")}</Alert>
      ) : (
        <form method="post" action={apiFormAction("/memories/delete-own")} className="flex flex-col gap-5">
          <p className="text-muted">{t("memories.deleteOwn.lead", { name: loaderData.memory.pageName })}</p>
          <figure data-testid="memory-to-delete" className={`flex flex-col gap-3 ${cardClass} p-5 sm:p-6`}>
            <blockquote className="whitespace-pre-line font-serif text-lg leading-relaxed text-ink [overflow-wrap:anywhere]">
              {loaderData.memory.text}
            </blockquote>
            <figcaption className="flex flex-col gap-0.5 text-sm text-muted">
              <span className="font-semibold text-ink [overflow-wrap:anywhere]">
                {loaderData.memory.relation
                  ? t("memories.writtenBy", {
                      name: loaderData.memory.name,
                      relation: loaderData.memory.relation,
                    })
                  : loaderData.memory.name}
              </span>
              <time dateTime={loaderData.memory.createdAt}>
                {formatDate(loaderData.memory.createdAt, i18n.language, "long")}
              </time>
            </figcaption>
          </figure>
          <p>{t("memories.deleteOwn.forGood")}</p>
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className={buttonClass("danger", "self-start")}>
            {t("memories.deleteOwn.confirm")}
          </button>
        </form>
      )}
    </section>
  );
}
