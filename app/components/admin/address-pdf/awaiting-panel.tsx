// The address PDF maker's third tab: the pages awaiting a plaque (paid, made for their owner, plaque not
// yet sent), to choose from, and the button that marks the chosen plaques sent once they are printed.
import { useTranslation } from "../../../lib/i18n";
import type { AwaitingPlaque } from "../../../../contract/address-labels";
import { Alert } from "../../alert";
import { Button } from "../../button";
import { DataTable, type Column } from "../../data-table";
import { EmptyState, emptyIcons } from "../../empty-state";
import type { Awaiting } from "./use-awaiting-plaques";
import { Card } from "../../card";

export function AwaitingPanel({
  awaiting,
  chosen,
  printed,
  busy,
  onRetry,
  onChoose,
  onMarkSent,
}: {
  awaiting: Awaiting;
  chosen: Set<string>;
  printed: string[];
  busy: boolean;
  onRetry: () => void;
  onChoose: (chosen: Set<string>) => void;
  onMarkSent: () => void;
}) {
  const { t, i18n } = useTranslation();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  if (awaiting.state === "failed") {
    return (
      <Alert tone="error" title={t("adminLabels.awaiting.failed")}>
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          {t("adminLabels.awaiting.retry")}
        </Button>
      </Alert>
    );
  }
  const rows = awaiting.state === "ready" ? awaiting.list.rows : [];
  const choosable = rows.filter((row) => row.address !== null);
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChoose(next);
  };
  const columns: Column<AwaitingPlaque>[] = [
    {
      key: "choose",
      header: t("adminLabels.awaiting.choose"),
      wrap: "never",
      cell: (row) => (
        <input
          type="checkbox"
          className="size-5 cursor-pointer accent-brand disabled:cursor-not-allowed"
          aria-label={t("adminLabels.awaiting.chooseRow", { id: row.profileId })}
          checked={chosen.has(row.profileId)}
          disabled={row.address === null}
          aria-describedby={row.address === null ? `no-address-${row.profileId}` : undefined}
          onChange={(event) => toggle(row.profileId, event.target.checked)}
        />
      ),
    },
    {
      key: "page",
      header: t("adminLabels.awaiting.page"),
      wrap: "never",
      cell: (row) => <code>{row.profileId}</code>,
    },
    {
      key: "customer",
      header: t("adminLabels.awaiting.customer"),
      wrap: "anywhere",
      className: "min-w-40",
      cell: (row) => row.ownerEmail ?? "–",
    },
    {
      key: "paid",
      header: t("adminLabels.awaiting.paid"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{date.format(new Date(row.paidAt))}</span>
          <span className="text-muted">
            {row.orderNumber} · {t(`adminLabels.awaiting.method.${row.method}`)}
          </span>
        </span>
      ),
    },
    {
      key: "address",
      header: t("adminLabels.awaiting.address"),
      className: "min-w-48",
      cell: (row) =>
        row.address ? (
          <span className="flex flex-col">
            {row.address.map((line, index) => (
              <span key={index}>{line}</span>
            ))}
          </span>
        ) : (
          <span className="flex flex-col" id={`no-address-${row.profileId}`}>
            <span className="font-medium text-danger">{t("adminLabels.awaiting.noAddress")}</span>
            <span className="text-muted">{t("adminLabels.awaiting.noAddressHint")}</span>
          </span>
        ),
    },
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t("adminLabels.awaiting.hint")}</p>
      {rows.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={choosable.length === 0}
            onClick={() => onChoose(new Set(choosable.map((row) => row.profileId)))}
          >
            {t("adminLabels.awaiting.chooseAll")}
          </Button>
          <Button variant="ghost" disabled={chosen.size === 0} onClick={() => onChoose(new Set())}>
            {t("adminLabels.awaiting.chooseNone")}
          </Button>
          <span className="text-sm text-ink" aria-live="polite">
            {t("adminLabels.awaiting.chosen", { count: chosen.size })}
          </span>
        </div>
      )}
      {awaiting.state === "ready" && rows.length === 0 ? (
        // No table at all when none wait: an empty table is only wider than the message.
        <Card>
          <EmptyState
            title={t("adminLabels.awaiting.empty")}
            text={t("adminLabels.awaiting.emptyText")}
            icon={emptyIcons.list}
            headingLevel={3}
          />
        </Card>
      ) : (
        <DataTable
          caption={t("adminLabels.awaiting.caption")}
          columns={columns}
          rows={rows}
          rowKey={(row) => row.profileId}
          loading={awaiting.state !== "ready"}
          loadingRows={3}
          empty={t("adminLabels.awaiting.empty")}
        />
      )}
      {awaiting.state === "ready" && awaiting.list.more && (
        <p className="text-sm text-muted">{t("adminLabels.awaiting.more", { count: rows.length })}</p>
      )}
      {rows.length > 0 && (
        <div
          className={`flex flex-col gap-2 rounded-[var(--radius-card)] border p-4 ${
            printed.length > 0 ? "border-brand bg-brand-soft" : "border-line"
          }`}
        >
          <p className="text-sm text-ink">{t("adminLabels.awaiting.markSentHint")}</p>
          <div>
            <Button
              variant={printed.length > 0 ? "primary" : "secondary"}
              busy={busy}
              disabled={chosen.size === 0}
              onClick={onMarkSent}
            >
              {t("adminLabels.awaiting.markSent")}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
