// The address PDF maker's preview: how many addresses on how many sheets, and the first sheets drawn
// to scale; or that the preview no longer matches the choices, or that there is none yet.
import type { RefObject } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { AddressLabelsPreview } from "../../../../contract/address-labels";
import { Alert } from "../../alert";
import { SheetPreview } from "./sheet-preview";

export function LabelPreview({
  current,
  stale,
  busy,
  focusRef,
}: {
  /** The preview of the request as the choices stand now, if made. */
  current: AddressLabelsPreview | null;
  /** A preview was made, of other choices. */
  stale: boolean;
  busy: boolean;
  focusRef: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const summary = current
    ? current.layout === "c5"
      ? t("adminLabels.preview.summaryC5", { count: current.count })
      : t("adminLabels.preview.summaryLabels", {
          addresses: t("adminLabels.preview.addresses", { count: current.count }),
          sheets: t("adminLabels.preview.sheets", { count: current.pages }),
        })
    : null;
  return (
    <section
      ref={focusRef}
      tabIndex={-1}
      aria-labelledby="labels-preview"
      className="flex flex-col gap-4 outline-none"
      aria-busy={busy || undefined}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="labels-preview" className="text-lg font-semibold text-ink">
          {t("adminLabels.preview.heading")}
        </h2>
        {summary && (
          <p className="text-sm font-medium text-ink" data-testid="preview-summary">
            {summary}
          </p>
        )}
      </div>
      {current ? (
        <SheetPreview preview={current} />
      ) : stale ? (
        <Alert tone="info" title={t("adminLabels.preview.stale")} />
      ) : (
        <p className="rounded-[var(--radius-card)] border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
          {t("adminLabels.preview.empty")}
        </p>
      )}
    </section>
  );
}
