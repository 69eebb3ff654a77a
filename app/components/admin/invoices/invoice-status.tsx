// An invoice's status as a small label (StatePill's look): the list and the detail show it the same way.
import { useTranslation } from "../../../lib/i18n";
import type { InvoiceStatus } from "../../../../contract/invoices";
import { StatePill, type PillTone } from "../../state-pill";

export const invoiceTones: Record<InvoiceStatus, PillTone> = {
  draft: "stopped",
  sent: "waiting",
  paid: "good",
  overdue: "bad",
  credited: "stopped",
};

export function InvoiceStatusPill({ status, creditNote }: { status: InvoiceStatus; creditNote?: boolean }) {
  const { t } = useTranslation();
  // A credit note is never "to pay": it says what it is rather than its bookkeeping status.
  if (creditNote)
    return <StatePill state="credit_note" tone="stopped" label={t("adminInvoices.creditNote")} />;
  return <StatePill state={status} tone={invoiceTones[status]} label={t(`adminInvoices.status.${status}`)} />;
}
