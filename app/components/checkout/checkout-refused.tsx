// Why a card checkout cannot go on (no card payments on this site, a checkout link that cannot be
// used), with the way back to the page.
import { useTranslation } from "../../lib/i18n";
import { Alert } from "../alert";
import { ButtonLink } from "../button";

export function CheckoutRefused({
  id,
  heading,
  title,
  text,
}: {
  id: string;
  heading: string;
  title: string;
  text?: string;
}) {
  const { t } = useTranslation();
  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("checkout.title")}</title>
      <h1 className="text-3xl font-semibold">{heading}</h1>
      <Alert tone="error" title={title}>
        {text}
      </Alert>
      <div>
        <ButtonLink to={`/k/${id}`} variant="secondary">
          {t("checkout.confirm.back")}
        </ButtonLink>
      </div>
    </article>
  );
}
