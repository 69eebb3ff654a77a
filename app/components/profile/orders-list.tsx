// The owner's "Orders and receipts" under their page: closed at first, loaded through the API the
// first time it is opened (GET /api/kammare/orders), each order with its number, date, amount, state
// and, once paid, a link to its PDF receipt.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { customerOrderListSchema, type CustomerOrder } from "../../../contract/admin-orders";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { orderTones } from "../../lib/order-states";
import { Alert } from "../alert";
import { Button } from "../button";
import { EmptyState, emptyIcons } from "../empty-state";
import { LoadingRegion, Skeleton } from "../skeleton";
import { StatePill } from "../state-pill";

type Loaded = { state: "closed" | "loading" | "failed" } | { state: "loaded"; orders: CustomerOrder[] };

export function OrdersList({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: "closed" });

  async function load() {
    setLoaded({ state: "loading" });
    try {
      const answer = await api()("/api/kammare/orders", { query: { profileId } });
      setLoaded({ state: "loaded", orders: customerOrderListSchema.parse(answer).orders });
    } catch {
      setLoaded({ state: "failed" });
    }
  }

  function toggle() {
    const opening = !open;
    setOpen(opening);
    if (opening && (loaded.state === "closed" || loaded.state === "failed")) void load();
  }

  return (
    <section
      aria-label={t("ownOrders.heading")}
      className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 py-6 print:hidden"
    >
      <div>
        <Button variant="secondary" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          <span
            aria-hidden="true"
            className={`inline-block transition-transform motion-safe:duration-150 ${open ? "rotate-90" : ""}`}
          >
            ›
          </span>
          {t("ownOrders.open")}
        </Button>
      </div>
      <div id={panelId} hidden={!open} aria-live="polite">
        {loaded.state === "loading" && (
          <LoadingRegion loading label={t("ownOrders.loading")}>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="mt-2 h-16 w-full" />
          </LoadingRegion>
        )}
        {loaded.state === "failed" && (
          <Alert tone="error" title={t("ownOrders.failed")}>
            <Button variant="secondary" className="mt-2" onClick={() => void load()}>
              {t("ownOrders.retry")}
            </Button>
          </Alert>
        )}
        {loaded.state === "loaded" &&
          (loaded.orders.length === 0 ? (
            <EmptyState icon={emptyIcons.list} title={t("ownOrders.empty")} text={t("ownOrders.emptyText")} />
          ) : (
            <ul className="flex flex-col divide-y divide-line rounded-[var(--radius-card)] border border-line bg-raised">
              {loaded.orders.map((order) => (
                <OrderRow key={order.orderNumber} order={order} />
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}

function OrderRow({ order }: { order: CustomerOrder }) {
  const { t, i18n } = useTranslation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold">{t("ownOrders.order", { number: order.orderNumber })}</p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
          <time dateTime={order.paidAt ?? order.createdAt}>
            {formatDate(order.paidAt ?? order.createdAt, i18n.language)}
          </time>
          <span className="tabular-nums text-ink">
            {formatMoney({ amountOre: order.amountOre, currency: order.currency }, i18n.language)}
          </span>
          <StatePill
            state={order.status}
            tone={orderTones[order.status]}
            label={t(`adminOrders.orderStatus.${order.status}`)}
          />
        </p>
      </div>
      {order.receiptUrl && (
        <a
          href={order.receiptUrl}
          // A PDF opens in the browser's viewer; the name says what it is before it is followed.
          aria-label={t("ownOrders.receiptFor", { number: order.orderNumber })}
          className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
        >
          {t("ownOrders.receipt")}
        </a>
      )}
      {order.invoiceUrl && (
        <a
          href={order.invoiceUrl}
          aria-label={t("ownOrders.invoiceFor", { number: order.orderNumber })}
          className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
        >
          {t("ownOrders.invoice")}
        </a>
      )}
    </li>
  );
}
