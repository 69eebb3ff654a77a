// What the owner of a resting (expired) page sees above it: what happened, that nothing is lost, and
// how to bring the whole page back (the card checkout, or an invoice). An admin sees the words alone:
// only the owner pays.
import { useTranslation } from "../../lib/i18n";
import { plans } from "../../../contract/pricing";
import { formatMoney } from "../../lib/format";
import { ButtonLink } from "../button";
import { Card } from "../card";

export function RestingOwnerNotice({ id, isOwner }: { id: string; isOwner: boolean }) {
  const { t, i18n } = useTranslation();
  const prices = {
    monthly: formatMoney(plans.monthly.price, i18n.language),
    yearly: formatMoney(plans.yearly.price, i18n.language),
  };
  return (
    <Card
      as="section"
      aria-labelledby="resting-owner"
      data-testid="resting-owner-notice"
      className="flex flex-col gap-3 p-5 sm:p-6"
    >
      <h2 id="resting-owner" className="text-xl font-semibold text-ink">
        {t("profile.resting.ownerNotice.heading")}
      </h2>
      <p className="text-ink">{t("profile.resting.ownerNotice.what")}</p>
      <p className="text-ink">{t("profile.resting.ownerNotice.kept")}</p>
      {isOwner && (
        <>
          <p className="text-sm text-muted">{t("profile.resting.ownerNotice.prices", prices)}</p>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <ButtonLink to={`/k/${id}/checkout/card`}>{t("profile.resting.ownerNotice.renew")}</ButtonLink>
            <ButtonLink to={`/k/${id}/checkout/faktura`} variant="ghost">
              {t("profile.resting.ownerNotice.invoice")}
            </ButtonLink>
          </div>
        </>
      )}
    </Card>
  );
}
