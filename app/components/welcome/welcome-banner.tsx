// The short welcome above a public page opened by a partner's link (/k/{id}?ref={slug}): it
// names the funeral home or shop and says what the page is. Only the link's own query shows it, never
// the referral cookie: a page without a query may be served from the shared page cache (ADR 008), and
// one with a query never is, so no visitor's banner is kept for the next.
import { useTranslation } from "../../lib/i18n";
import { Card } from "../card";

export function WelcomeBanner({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-4 pb-4 sm:pb-0 print:hidden">
      <Card
        role="note"
        aria-label={t("welcome.banner", { name })}
        data-testid="welcome-banner"
        className="flex gap-3 px-4 py-3"
      >
        <span aria-hidden="true" className="font-serif text-2xl leading-none text-brand/50">
          ❦
        </span>
        <div className="flex flex-col gap-0.5">
          <p className="font-serif text-lg font-semibold text-brand">{t("welcome.banner", { name })}</p>
          <p className="text-sm text-muted">{t("welcome.bannerText")}</p>
        </div>
      </Card>
    </div>
  );
}
