// The note on the sign-up and sign-in forms reached from a page's claim: a module of its own, so those
// forms load none of the claim screen.
import { useTranslation } from "../lib/i18n";

/** On /new and /login reached from a claim: which page this is about, and when it becomes theirs. */
export function ClaimingNotice({ id, after }: { id: string; after: "signup" | "login" }) {
  const { t } = useTranslation();
  return (
    <div
      data-testid="claiming-notice"
      className="flex flex-col gap-1 rounded-[var(--radius-control)] border border-brand/30 bg-brand-soft px-4 py-3 text-sm"
    >
      <p className="font-semibold text-brand">
        {t("auth.claiming.code")} <span className="font-mono tracking-widest">{id}</span>
      </p>
      <p>{t(after === "signup" ? "auth.claiming.afterSignup" : "auth.claiming.afterLogin")}</p>
    </div>
  );
}
