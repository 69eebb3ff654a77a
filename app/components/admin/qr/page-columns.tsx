// The columns of the QR manager's list of pages: code, status, owner, when its code was printed, and the
// button that shows its code beside the list.
import { useTranslation } from "../../../lib/i18n";
import type { QrProfile } from "../../../../contract/qr";
import { formatDate, formatDateTime } from "../../../lib/date-format";
import type { Column } from "../../data-table";
import { StatusBadge } from "../../status-badge";

export function usePageColumns({
  selected,
  onSelect,
}: {
  selected: string | null;
  onSelect: (id: string) => void;
}): Column<QrProfile>[] {
  const { t, i18n } = useTranslation();
  return [
    {
      key: "id",
      header: t("adminQr.columns.id"),
      cell: (page) => <span className="font-mono font-semibold">{page.id}</span>,
      wrap: "never",
    },
    {
      key: "status",
      header: t("adminQr.columns.status"),
      cell: (page) => <StatusBadge status={page.status} />,
      wrap: "never",
    },
    {
      key: "owner",
      header: t("adminQr.columns.owner"),
      cell: (page) => page.ownerEmail ?? <span className="text-muted">{t("adminQr.columns.noOwner")}</span>,
      wrap: "anywhere",
      // An address breaks anywhere, but not down to a letter a line when the table is narrow.
      className: "min-w-[11rem]",
    },
    {
      key: "printed",
      header: t("adminQr.columns.printed"),
      cell: (page) =>
        page.qrPrintedAt ? (
          <time dateTime={page.qrPrintedAt} title={formatDateTime(page.qrPrintedAt, i18n.language)}>
            {formatDate(page.qrPrintedAt, i18n.language)}
          </time>
        ) : (
          <span className="text-muted">{t("adminQr.columns.notPrinted")}</span>
        ),
      wrap: "never",
    },
    {
      key: "show",
      header: t("adminQr.columns.code"),
      cell: (page) => (
        <button
          type="button"
          aria-pressed={selected === page.id}
          aria-label={t("adminQr.columns.showLabel", { id: page.id })}
          onClick={() => onSelect(page.id)}
          className="min-h-11 rounded-[var(--radius-control)] px-2 font-medium text-brand underline underline-offset-2 aria-pressed:bg-brand-soft aria-pressed:no-underline"
        >
          {selected === page.id ? t("adminQr.columns.shown") : t("adminQr.columns.show")}
        </button>
      ),
      wrap: "never",
    },
  ];
}
