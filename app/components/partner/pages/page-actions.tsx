// A made page's actions on the partner's pages screen: print its card, send its link, resend it or
// take it back, as its way allows; each names its page for screen readers.
import type { PartnerPage } from "../../../../contract/partner-pages";
import { useTranslation } from "../../../lib/i18n";
import { Button } from "../../button";

export function PageActions({
  row,
  busy,
  printCard,
  setSending,
  act,
}: {
  row: PartnerPage;
  /** The action under way, as "{what}:{id}". */
  busy: string | null;
  printCard: (page: PartnerPage) => Promise<void>;
  setSending: (page: PartnerPage) => void;
  act: (page: PartnerPage, what: "resend" | "take-back") => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        busy={busy === `print:${row.id}`}
        onClick={() => void printCard(row)}
        aria-label={t("partner.pages.printLabel", { id: row.id })}
      >
        {t("partner.pages.print")}
      </Button>
      {row.state === "made" || row.state === "taken_back" ? (
        <Button onClick={() => setSending(row)} aria-label={t("partner.pages.sendLabel", { id: row.id })}>
          {t("partner.pages.send")}
        </Button>
      ) : null}
      {row.state === "sent" ? (
        <>
          <Button
            variant="secondary"
            busy={busy === `resend:${row.id}`}
            onClick={() => void act(row, "resend")}
            aria-label={t("partner.pages.resendLabel", { id: row.id, email: row.sentTo ?? "" })}
          >
            {t("partner.pages.resend")}
          </Button>
          <Button
            variant="ghost"
            busy={busy === `take-back:${row.id}`}
            onClick={() => void act(row, "take-back")}
            aria-label={t("partner.pages.takeBackLabel", { id: row.id })}
          >
            {t("partner.pages.takeBack")}
          </Button>
        </>
      ) : null}
    </span>
  );
}
