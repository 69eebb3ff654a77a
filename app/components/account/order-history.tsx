// The history of orders and receipts on /account: every order the customer placed, on a page they
// handed on too, newest first (the newest 50, and it says so when there are more), read by the route's
// loader.
import { useTranslation } from "../../lib/i18n";
import { accountOrderLimit, type CustomerOrder } from "../../../contract/admin-orders";
import { EmptyState, emptyIcons } from "../empty-state";
import { CardSection } from "../card";
import { OrderRow } from "../order-row";

export function OrderHistory({ orders, capped }: { orders: CustomerOrder[]; capped: boolean }) {
  const { t } = useTranslation();
  return (
    <CardSection id="account-orders" title={t("account.orders.title")}>
      {orders.length === 0 ? (
        <EmptyState
          icon={emptyIcons.history}
          title={t("account.orders.empty")}
          text={t("account.orders.emptyText")}
          className="py-4"
        />
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {orders.map((order) => (
            <OrderRow key={order.orderNumber} order={order} showPage className="py-4 first:pt-0 last:pb-0" />
          ))}
        </ul>
      )}
      {capped && (
        <p className="border-t border-line pt-4 text-sm text-muted">
          {t("account.orders.capped", { count: accountOrderLimit })}
        </p>
      )}
    </CardSection>
  );
}
