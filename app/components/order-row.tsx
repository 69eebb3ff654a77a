// One order of a customer's list: what it was (its page, or its number under that page), when, how
// much, by card or invoice, its state, and its PDF (the receipt once a card order is paid, the invoice
// of an invoice order). Shared by the owner's list under a page and the history on /account.
import { useTranslation } from "../lib/i18n";
import { Link } from "react-router";
import type { CustomerOrder, CustomerRenewal } from "../../contract/admin-orders";
import { formatDate } from "../lib/date-format";
import { formatMoney } from "../lib/format";
import { orderTones } from "../lib/order-states";
import { StatePill } from "./state-pill";

const documentLink =
  "inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2 hover:text-brand-strong";

export function OrderRow({
  order,
  showPage = false,
  className = "",
}: {
  order: CustomerOrder;
  /** Lead with the page it paid for, linked (a list of several pages); else with the order's number. */
  showPage?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const when = order.paidAt ?? order.createdAt;
  const number = t("ownOrders.order", { number: order.orderNumber });
  // A scheduled order cancelled before its first charge shows what it is now, not what it was.
  const status = order.chargeCancelled ? "cancelled" : order.status;
  return (
    <li className={`flex flex-wrap items-start justify-between gap-x-6 gap-y-2 ${className}`}>
      <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
        {showPage ? (
          <Link
            to={`/k/${order.profileId}`}
            className={`self-start break-words font-semibold text-brand underline underline-offset-2 hover:text-brand-strong ${order.pageName ? "" : "font-mono tracking-widest"}`}
          >
            {order.pageName || order.profileId}
          </Link>
        ) : (
          <p className="font-semibold">{number}</p>
        )}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted">
          {showPage && (
            <>
              <span className="tabular-nums">{number}</span>
              <span aria-hidden="true">·</span>
            </>
          )}
          <time dateTime={when} className="tabular-nums">
            {formatDate(when, i18n.language)}
          </time>
          <span aria-hidden="true">·</span>
          <span>{t(`orders.methods.${order.method}`)}</span>
        </p>
      </div>
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 sm:flex-row-reverse">
          <span className="font-semibold tabular-nums text-ink">
            {formatMoney({ amountOre: order.amountOre, currency: order.currency }, i18n.language)}
          </span>
          <StatePill
            state={status}
            tone={orderTones[status]}
            // The line below says when the first charge comes: the pill needs only the state.
            label={order.firstChargeAt ? t("ownOrders.cardSaved") : t(`orders.status.${status}`)}
          />
        </p>
        {/* A prepaid term says what was bought and until when (ADR 041). */}
        {order.termUntil && order.status !== "refunded" && order.status !== "cancelled" && (
          <p className="text-sm text-muted sm:text-right" data-testid="order-term">
            {t("ownOrders.term", {
              plan: t(`ownOrders.termPlans.${order.plan}`),
              date: formatDate(order.termUntil, i18n.language, "long"),
            })}
          </p>
        )}
        {order.chargeCancelled && (
          <p className="text-sm text-muted sm:text-right" data-testid="order-charge">
            {t("ownOrders.chargeCancelled")}
          </p>
        )}
        {order.firstChargeAt && (
          <p className="text-sm text-muted sm:text-right" data-testid="order-charge">
            {t("ownOrders.firstChargeOn", { date: formatDate(order.firstChargeAt, i18n.language, "long") })}
          </p>
        )}
        {order.receiptUrl && (
          <a
            href={order.receiptUrl}
            // A PDF opens in the browser's viewer; the name says what it is before it is followed.
            aria-label={t("ownOrders.receiptFor", { number: order.orderNumber })}
            className={documentLink}
          >
            {t("ownOrders.receipt")}
          </a>
        )}
        {order.invoiceUrl && (
          <a
            href={order.invoiceUrl}
            aria-label={t("ownOrders.invoiceFor", { number: order.orderNumber })}
            className={documentLink}
          >
            {t("ownOrders.invoice")}
          </a>
        )}
      </div>
      {order.renewals.length > 0 && <Renewals renewals={order.renewals} number={order.orderNumber} />}
    </li>
  );
}

/** The later periods a card plan paid, each with its own receipt, under the order that began it. */
function Renewals({ renewals, number }: { renewals: CustomerRenewal[]; number: string }) {
  const { t, i18n } = useTranslation();
  const day = (iso: string) => formatDate(iso, i18n.language);
  return (
    <div className="flex basis-full flex-col gap-1">
      <p className="text-sm font-medium text-ink" id={`renewals-${number}`}>
        {t("ownOrders.renewals", { count: renewals.length })}
      </p>
      <ul
        aria-labelledby={`renewals-${number}`}
        className="flex flex-col divide-y divide-line border-l-2 border-line pl-3"
      >
        {renewals.map((renewal) => {
          const period = t("ownOrders.renewalPeriod", {
            start: day(renewal.periodStart),
            end: day(renewal.periodEnd),
          });
          return (
            <li
              key={renewal.receiptNumber}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-1 text-sm"
            >
              <span className="flex flex-wrap items-center gap-x-2 text-muted">
                <span className="tabular-nums text-ink">{period}</span>
                <span aria-hidden="true">·</span>
                <span className="tabular-nums">{renewal.receiptNumber}</span>
              </span>
              <span className="flex items-center gap-x-3">
                <span className="font-semibold tabular-nums text-ink">
                  {formatMoney({ amountOre: renewal.amountOre, currency: renewal.currency }, i18n.language)}
                </span>
                <a
                  href={renewal.receiptUrl}
                  aria-label={t("ownOrders.renewalReceiptFor", { number: renewal.receiptNumber, period })}
                  className={documentLink}
                >
                  {t("ownOrders.receipt")}
                </a>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
