// What the QR manager tells of a batch under its choice: how many of its pages are unclaimed and
// printed, the partner it was made for, and who made it.
import { useTranslation } from "../../../lib/i18n";
import type { QrBatch } from "../../../../contract/qr";
import { formatNumber } from "../../../lib/format";

export function BatchFacts({ batch }: { batch: QrBatch }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <p className="text-sm text-muted">
      {t("adminQr.batches.facts", {
        unclaimed: number(batch.unclaimed),
        printed: number(batch.printed),
        count: number(batch.count),
      })}
      {batch.partner ? ` · ${t("adminQr.batches.partner", { name: batch.partner })}` : ""}
      {batch.createdBy ? ` · ${t("adminQr.batches.by", { email: batch.createdBy })}` : ""}
    </p>
  );
}
