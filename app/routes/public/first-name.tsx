// /{name}: a first name on the admin's list shows its stub page; any other word is a 404.
import { useTranslation } from "../../lib/i18n";
import { data } from "react-router";
import { findFirstName, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/first-name";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const displayName = await findFirstName(context.get(servicesContext).db, params.name);
  if (!displayName) throw data(`Page Not Found: ${new URL(request.url).pathname}`, { status: 404 });
  return { displayName };
}

export default function FirstNamePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const heading = t("firstName.heading", { name: loaderData.displayName });
  return (
    <section aria-labelledby="first-name" className="mx-auto flex max-w-xl flex-col gap-3 py-16 text-center">
      <title>{`${heading} – Kammare`}</title>
      <h1 id="first-name" className="text-3xl font-semibold text-brand">
        {heading}
      </h1>
      <p className="text-muted">{t("firstName.lead")}</p>
    </section>
  );
}
