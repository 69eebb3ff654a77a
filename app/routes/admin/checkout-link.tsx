// /admin/checkout-link: terms of the admin's own for one customer (price per period, how many
// periods, a free trial first, month or year), made into a lasting link the customer opens to pay
// (POST /api/admin/checkout-session-link); the links made so far, with what became of each, and
// revoking one (POST /api/admin/checkout-links/{id}/revoke). The customer is found by e-mail or by
// the code of one of their pages, and the link pays for the page the admin chooses among theirs.
import { useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { checkoutLinkLifetimeDays, checkoutLinkListQuerySchema } from "../../../contract/admin-orders";
import { CustomerFinder } from "../../components/admin/checkout-links/customer-finder";
import type { FoundCustomer } from "../../components/admin/checkout-links/use-customer-lookup";
import { LinkList } from "../../components/admin/checkout-links/link-list";
import { TermsForm } from "../../components/admin/checkout-links/terms-form";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { listCheckoutLinks, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/checkout-link";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const asked = checkoutLinkListQuerySchema.safeParse({
    page: new URL(request.url).searchParams.get("page") ?? undefined,
  });
  const query = asked.success ? asked.data : { page: 1 };
  return listCheckoutLinks(services.db, query, services.config.publicUrl);
}

export default function CheckoutLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState<FoundCustomer | null>(null);
  return (
    <div className="flex flex-col gap-10">
      <title>{t("checkoutLinks.title")}</title>
      <AdminPageHeader
        path="/admin/checkout-link"
        title={t("checkoutLinks.heading")}
        description={t("checkoutLinks.lead", { days: checkoutLinkLifetimeDays })}
      />
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <CustomerFinder customer={customer} onFound={setCustomer} />
        <TermsForm
          key={customer ? `${customer.user.id}:${customer.chosenPageId ?? ""}` : "none"}
          customer={customer}
        />
      </div>
      <LinkList list={loaderData} />
    </div>
  );
}
