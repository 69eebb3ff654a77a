// /continuity and /kontinuitet: in plain words, what a family can count on if Kammare changes or stops
// (the keepsake, the static copy of every public page, nothing deleted by a lapse) and what it cannot
// (decisions "A page that lasts as long as the grave", ADR 046). One page at two addresses, in the
// reader's language like every page; the footer links to the address of that language.
import { useTranslation } from "../../lib/i18n";
import { PageHeader } from "../../components/page-header";
import { Card } from "../../components/card";
import { servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/continuity";

export function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(servicesContext);
  return {
    site: new URL(config.publicUrl).host,
    email: config.SUPPORT_EMAIL ?? config.SELLER_EMAIL,
  };
}

const promises = ["keepsake", "static", "lapse"] as const;
const limits = ["frozen", "publicOnly", "someone"] as const;

function Points({
  id,
  title,
  points,
  site,
}: {
  id: string;
  title: string;
  points: readonly string[];
  site: string;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      <ul className="space-y-3">
        {points.map((point) => (
          <Card as="li" key={point} className="space-y-1 p-5" data-testid={`continuity-${point}`}>
            <h3 className="font-semibold text-ink">{t(`continuity.${point}.title`)}</h3>
            <p className="text-pretty text-muted">{t(`continuity.${point}.body`, { site })}</p>
          </Card>
        ))}
      </ul>
    </section>
  );
}

export default function Continuity({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { site, email } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-10">
      <title>{t("continuity.title")}</title>
      <PageHeader title={t("continuity.heading")} description={t("continuity.lead")} />
      <Points id="can" title={t("continuity.canTitle")} points={promises} site={site} />
      <Points id="cannot" title={t("continuity.cannotTitle")} points={limits} site={site} />
      <section aria-labelledby="contact-title" className="space-y-2">
        <h2 id="contact-title" className="text-xl font-semibold text-ink">
          {t("continuity.contactTitle")}
        </h2>
        <p className="text-muted">
          {t("continuity.contact")}{" "}
          <a href={`mailto:${email}`} className="text-brand underline underline-offset-4">
            {email}
          </a>
        </p>
      </section>
    </article>
  );
}
