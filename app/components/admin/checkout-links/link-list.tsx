// The checkout links made so far, a page at a time, with what became of each, and revoking one that is
// still active (POST /api/admin/checkout-links/{id}/revoke).
import { useState } from "react";
import { useTranslation } from "../../../lib/i18n";
import { Link } from "react-router";
import type { CheckoutLink, CheckoutLinkList } from "../../../../contract/admin-orders";
import { api } from "../../../lib/api";
import { formatDate, formatDateTime } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format";
import { checkoutLinkTones } from "../../../lib/order-states";
import { Button } from "../../button";
import { DataTable, type Column } from "../../data-table";
import { EmptyState, emptyIcons } from "../../empty-state";
import { StatePill } from "../../state-pill";
import { useToast } from "../../toast";
import { Section } from "../../card";

export function LinkList({ list }: { list: CheckoutLinkList }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [revoking, setRevoking] = useState<string | null>(null);
  const locale = i18n.language;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  async function revoke(link: CheckoutLink) {
    setRevoking(link.id);
    try {
      await api.post("/admin/checkout-links/{id}/revoke", { params: { id: link.id } });
      toast.show({ title: t("checkoutLinks.revoked") });
    } catch {
      toast.show({ tone: "error", title: t("checkoutLinks.revokeFailed") });
    } finally {
      setRevoking(null);
    }
  }

  const columns: Column<CheckoutLink>[] = [
    {
      key: "customer",
      header: t("checkoutLinks.columns.customer"),
      cell: (row) => row.customerEmail,
      wrap: "anywhere",
      // An address needs room for a word or two per line; below that it breaks letter by letter.
      className: "min-w-48",
    },
    {
      key: "terms",
      header: t("checkoutLinks.columns.terms"),
      className: "min-w-44",
      cell: (row) =>
        // A prepaid term: its price, paid once (ADR 041).
        row.term ? (
          <span className="tabular-nums">
            {formatMoney({ amountOre: row.price, currency: "SEK" }, locale)}
            <br />
            <span className="text-muted">{t(`checkoutLinks.sellsTerm.${row.term}`)}</span>
          </span>
        ) : (
          <span className="tabular-nums">
            {t("checkoutLinks.termsText", {
              price: formatMoney({ amountOre: row.price, currency: "SEK" }, locale),
              interval: t(`adminOrders.intervals.${row.interval}`),
            })}
            <br />
            <span className="text-muted">
              {row.iterations === 0
                ? t("checkoutLinks.termsUntilCancelled")
                : t("checkoutLinks.termsPeriods", { count: row.iterations })}
            </span>
          </span>
        ),
    },
    {
      key: "trial",
      header: t("checkoutLinks.columns.trial"),
      cell: (row) => (row.includesFreeTrial ? t("checkoutLinks.yes") : t("checkoutLinks.no")),
      wrap: "never",
    },
    {
      key: "status",
      header: t("checkoutLinks.columns.status"),
      wrap: "never",
      cell: (row) => (
        <StatePill
          state={row.status}
          tone={checkoutLinkTones[row.status]}
          label={t(`checkoutLinks.status.${row.status}`)}
        />
      ),
    },
    {
      key: "created",
      header: t("checkoutLinks.columns.created"),
      wrap: "never",
      cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>,
    },
    {
      key: "expires",
      header: t("checkoutLinks.columns.expires"),
      wrap: "never",
      cell: (row) => <time dateTime={row.expiresAt}>{formatDate(row.expiresAt, locale)}</time>,
    },
    {
      key: "actions",
      header: t("checkoutLinks.columns.actions"),
      wrap: "never",
      cell: (row) =>
        row.status === "active" ? (
          <Button
            variant="secondary"
            busy={revoking === row.id}
            aria-label={t("checkoutLinks.revokeLabel", {
              email: row.customerEmail,
              date: formatDateTime(row.createdAt, locale),
            })}
            onClick={() => void revoke(row)}
          >
            {t("checkoutLinks.revoke")}
          </Button>
        ) : null,
    },
  ];

  return (
    <Section
      id="links-heading"
      title={t("checkoutLinks.listHeading")}
      className="flex min-w-0 flex-col gap-3"
    >
      <DataTable
        caption={t("checkoutLinks.listCaption")}
        columns={columns}
        rows={list.links}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            icon={emptyIcons.list}
            title={t("checkoutLinks.empty")}
            text={t("checkoutLinks.emptyText")}
          />
        }
      />
      {pages > 1 && (
        <nav aria-label={t("checkoutLinks.listHeading")} className="flex flex-wrap items-center gap-4">
          {list.page > 1 && (
            <Link
              className="inline-flex min-h-11 items-center text-brand underline"
              to={`?page=${list.page - 1}`}
            >
              {t("checkoutLinks.previous")}
            </Link>
          )}
          <span className="text-muted">{t("checkoutLinks.pageOf", { page: list.page, pages })}</span>
          {list.page < pages && (
            <Link
              className="inline-flex min-h-11 items-center text-brand underline"
              to={`?page=${list.page + 1}`}
            >
              {t("checkoutLinks.next")}
            </Link>
          )}
        </nav>
      )}
    </Section>
  );
}
