// The partner's pages screen (app/routes/partner/pages.tsx): MakePages.
import { useState, type FormEvent } from "react";
import { partnerPagesMax, type PartnerMadePages } from "../../../../contract/partner-pages";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { CheckboxField } from "../../checkbox-field";
import { PartnerSection } from "../section";
import { TextField } from "../../text-field";
import { api } from "../../../lib/api";
import { failureOf, type Failure } from "../../../lib/failure";
import { useTranslation } from "../../../lib/i18n";
import { refusalText } from "../../../lib/refusal";
import { downloadSheet } from "./sheet";
import { formatNumber } from "../../../lib/format";

/** Making one page or a batch, then printing the batch's cards at once. */
export function MakePages({ extendedTrialDays, onMade }: { extendedTrialDays: number; onMade: () => void }) {
  const { t, i18n } = useTranslation();
  const [count, setCount] = useState("1");
  const [extendedTrial, setExtendedTrial] = useState(false);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [made, setMade] = useState<PartnerMadePages | null>(null);
  const wanted = Number(count);
  const valid = /^\d{1,3}$/.test(count.trim()) && wanted >= 1 && wanted <= partnerPagesMax;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid) {
      setError(t("partner.pages.make.countError", { max: partnerPagesMax }));
      return;
    }
    setError(undefined);
    setFailure(null);
    setBusy(true);
    try {
      const answer = await api.post("/partner/pages", { body: { count: wanted, extendedTrial } });
      setMade(answer);
      onMade();
    } catch (caught) {
      const found = failureOf(caught);
      if (found.fields.count) setError(t("partner.pages.make.countError", { max: partnerPagesMax }));
      else setFailure(found);
    } finally {
      setBusy(false);
    }
  }

  async function printMade() {
    if (!made) return;
    setPrinting(true);
    const body = made.batchId
      ? ({ source: "batch", batchId: made.batchId } as const)
      : ({ source: "ids", ids: made.pages.map((page) => page.id) } as const);
    const failed = await downloadSheet(
      body,
      `kammare-qr-${made.pages[0]?.id ?? "sheet"}-${made.pages.length}.pdf`,
    );
    setPrinting(false);
    setFailure(failed);
    if (!failed) onMade();
  }

  return (
    <PartnerSection title={t("partner.pages.make.heading")} lead={t("partner.pages.make.lead")}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3" noValidate>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField
            label={t("partner.pages.make.count")}
            hint={t("partner.pages.make.countHint", { max: partnerPagesMax })}
            error={error}
            inputMode="numeric"
            name="count"
            value={count}
            onChange={(event) => setCount(event.target.value)}
            className="max-w-sm"
            required
          />
        </div>
        <CheckboxField
          label={t("partner.pages.make.extendedTrial", { days: extendedTrialDays })}
          hint={t("partner.pages.make.extendedTrialHint")}
          checked={extendedTrial}
          onChange={(event) => setExtendedTrial(event.target.checked)}
        />
        <div>
          <Button type="submit" busy={busy}>
            {busy
              ? t("partner.pages.make.busy")
              : t("partner.pages.make.submit", { count: valid ? wanted : 1 })}
          </Button>
        </div>
      </form>
      {failure && (
        <Alert tone="error" title={t("partner.pages.make.failed")}>
          {refusalText(t, failure)}
        </Alert>
      )}
      {made && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line bg-brand-soft/40 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="pages-made"
        >
          <div className="flex flex-col gap-0.5">
            <p className="font-semibold">
              {t("partner.pages.make.done", {
                count: made.pages.length,
                formatted: formatNumber(made.pages.length, i18n.language),
              })}
            </p>
            <p className="text-sm text-muted">
              {made.pages.length === 1
                ? t("partner.pages.make.doneOne", { id: made.pages[0]?.id ?? "" })
                : t("partner.pages.make.doneMany", {
                    first: made.pages[0]?.id ?? "",
                    last: made.pages.at(-1)?.id ?? "",
                  })}
            </p>
          </div>
          <Button variant="secondary" busy={printing} onClick={() => void printMade()}>
            {t("partner.pages.make.print", { count: made.pages.length })}
          </Button>
        </div>
      )}
    </PartnerSection>
  );
}
