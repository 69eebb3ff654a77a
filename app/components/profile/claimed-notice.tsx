// The moment a page became its claimer's, on the page opened just after (?claimed=1): apart from the
// claim screen, which the owner's page does not load.
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useTranslation } from "../../lib/i18n";

/** On the owner's page opened just after claiming it (?claimed=1): the moment it became theirs. */
export function ClaimedNotice() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const notice = useRef<HTMLDivElement>(null);
  const claimed = searchParams.get("claimed") === "1";
  // The page has just loaded for this: the message is where a screen reader starts reading.
  useEffect(() => {
    if (!claimed) return;
    notice.current?.focus();
    // Said once: the address loses its marker (without a navigation), so a reload shows the page alone.
    const address = new URL(window.location.href);
    address.searchParams.delete("claimed");
    window.history.replaceState(window.history.state, "", address);
  }, [claimed]);
  if (!claimed) return null;
  return (
    <div className="mx-auto w-full max-w-xl pt-4">
      <div
        ref={notice}
        tabIndex={-1}
        role="status"
        data-testid="claimed-notice"
        className="rounded-[var(--radius-control)] border border-success/30 bg-success-soft px-4 py-3 text-success focus:outline-none"
      >
        <p className="text-lg font-semibold">{t("profile.claim.done")}</p>
        <p className="mt-1 text-sm">{t("profile.claim.doneLead")}</p>
      </div>
    </div>
  );
}
