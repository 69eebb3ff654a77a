// The owner's "Orders and receipts" under their page: closed at first, loaded through the API the
// first time it is opened (GET /api/kammare/orders), each order with its number, date, amount, state
// and, once paid, a link to its PDF receipt (the row is ../order-row, shared with /account's history).
import { useId, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import type { CustomerOrder } from "../../../contract/admin-orders";
import { api } from "../../lib/api";
import { Alert } from "../alert";
import { Button } from "../button";
import { EmptyState, emptyIcons } from "../empty-state";
import { OrderRow } from "../order-row";
import { LoadingRegion, Skeleton } from "../skeleton";
import { cardClass } from "../card";

type Loaded = { state: "closed" | "loading" | "failed" } | { state: "loaded"; orders: CustomerOrder[] };

export function OrdersList({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded>({ state: "closed" });

  async function load() {
    setLoaded({ state: "loading" });
    try {
      const answer = await api.get("/kammare/orders", { query: { profileId } });
      setLoaded({ state: "loaded", orders: answer.orders });
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
            <ul className={`flex flex-col divide-y divide-line ${cardClass}`}>
              {loaded.orders.map((order) => (
                <OrderRow key={order.orderNumber} order={order} className="p-4" />
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
