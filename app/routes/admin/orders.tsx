// /admin/orders: find an order by its number (?number=KM-000123); a well-formed number is sent on to
// the order's own page, /admin/orders/{orderNumber}, which says whether there is such an order.
import { useTranslation } from "../../lib/i18n";
import { redirect } from "react-router";
import { orderNumberSchema } from "../../../contract/orders";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { OrderFind } from "./orders-find";
import type { Route } from "./+types/orders";

export function loader({ request }: Route.LoaderArgs) {
  const typed = (new URL(request.url).searchParams.get("number") ?? "").slice(0, 100);
  if (!typed.trim()) return { typed: "", invalid: false };
  const number = orderNumberSchema.safeParse(typed);
  if (number.success) throw redirect(`/admin/orders/${encodeURIComponent(number.data)}`);
  return { typed, invalid: true };
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { typed, invalid } = loaderData;
  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminOrders.title")}</title>
      <AdminPageHeader
        path="/admin/orders"
        title={t("adminOrders.heading")}
        description={t("adminOrders.lead")}
      />
      <OrderFind typed={typed} error={invalid ? t("adminOrders.invalid") : undefined} />
    </div>
  );
}
