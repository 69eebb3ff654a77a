// "Keep this page open" (ADR 044): the call a resting or past-due page shows its visitors (never its
// owner or editors, who have their own pay banner), to give the page a year. A plain link, so it works
// on the light page without JavaScript (ADR 011); the gift screen asks a visitor to sign in first.
import { useTranslation } from "../../lib/i18n";
import { useStaticCopy } from "../../lib/static-copy";

export function GiftCall({ id }: { id: string }) {
  const { t } = useTranslation();
  // A static copy is read where no server takes payments (ADR 046): nothing to give there.
  if (useStaticCopy()) return null;
  return (
    <section
      aria-labelledby="gift-call"
      data-testid="gift-call"
      className="flex w-full max-w-[34rem] flex-col items-center gap-3 rounded-[var(--radius-control)] border border-line bg-raised px-5 py-5 text-center"
    >
      <h2 id="gift-call" className="font-serif text-xl font-semibold text-ink">
        {t("profile.gift.call")}
      </h2>
      <p className="text-pretty text-sm text-muted">{t("profile.gift.callLead")}</p>
      <a
        href={`/k/${encodeURIComponent(id)}/gift`}
        className="inline-flex min-h-11 items-center justify-center rounded-[var(--radius-control)] bg-brand px-5 font-semibold text-white hover:bg-brand-strong focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        {t("profile.gift.callButton")}
      </a>
    </section>
  );
}
