// /admin/orders/{orderNumber}: one order as support needs it: its state and amounts (net, VAT, total),
// how it was paid and the provider's reference, the page and customer, what the provider reported,
// and the subscription it started. Reached from the orders screen's search and from links.
import { useTranslation } from "../../lib/i18n";
import { data, Link, useNavigation } from "react-router";
import type { AdminOrderDetail } from "../../../contract/admin-orders";
import { orderNumberSchema } from "../../../contract/orders";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { LoadingRegion, Skeleton, SkeletonText } from "../../components/skeleton";
import { StatePill } from "../../components/state-pill";
import { StatusBadge } from "../../components/status-badge";
import { formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { orderTones, subscriptionTones } from "../../lib/order-states";
import { adminOrderDetail, servicesContext } from "../../lib/services.server";
import { OrderFind } from "./orders-find";
import type { Route } from "./+types/orders-detail";
import { Fact, Facts } from "../../components/facts";
import { Card, Section, cardClass } from "../../components/card";

export async function loader({ params, context }: Route.LoaderArgs) {
  const number = orderNumberSchema.safeParse(params.orderNumber);
  const typed = params.orderNumber.slice(0, 100);
  const detail = number.success ? await adminOrderDetail(context.get(servicesContext).db, number.data) : null;
  if (!detail) return data({ typed, detail: null }, { status: 404 });
  return { typed: detail.order.orderNumber, detail };
}

export default function OrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { typed, detail } = loaderData;
  const navigation = useNavigation();
  // Another order is on its way: placeholders, not the last order's figures under the new number.
  const finding = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin/orders");
  return (
    <div className="flex flex-col gap-8">
      <title>{t("adminOrders.titleFor", { number: typed })}</title>
      <AdminPageHeader path="/admin/orders" title={t("adminOrders.heading")} current={typed} />
      <OrderFind typed={typed} />
      {finding ? (
        <LoadingRegion loading label={t("adminOrders.heading")}>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card className="flex flex-col gap-4 p-5">
              <Skeleton className="h-6 w-48" />
              <SkeletonText lines={6} />
            </Card>
            <Card className="flex flex-col gap-4 p-5">
              <Skeleton className="h-6 w-40" />
              <SkeletonText lines={4} />
            </Card>
          </div>
        </LoadingRegion>
      ) : detail ? (
        <OrderDetail detail={detail} />
      ) : (
        <Card as="section" aria-labelledby="not-found-heading" className="flex max-w-xl flex-col gap-3 p-6">
          <h2 id="not-found-heading" className="text-xl font-semibold">
            {t("adminOrders.notFound")}
          </h2>
          <p className="text-muted">{t("adminOrders.notFoundLead", { number: typed })}</p>
        </Card>
      )}
    </div>
  );
}

function OrderDetail({ detail }: { detail: AdminOrderDetail }) {
  const { t, i18n } = useTranslation();
  const { order, profile, customer, payments, subscription } = detail;
  const locale = i18n.language;
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, locale);
  const when = (iso: string | null, otherwise = t("adminOrders.none")) =>
    iso ? (
      <time dateTime={iso} className="whitespace-nowrap">
        {formatDateTime(iso, locale)}
      </time>
    ) : (
      <span className="text-muted">{otherwise}</span>
    );
  const paymentColumns: Column<AdminOrderDetail["payments"][number]>[] = [
    {
      key: "type",
      header: t("adminOrders.eventType"),
      cell: (row) => <code className="font-mono text-sm">{row.type}</code>,
      wrap: "anywhere",
    },
    {
      key: "provider",
      header: t("adminOrders.provider"),
      cell: (row) => t(`adminOrders.providers.${row.provider}`),
    },
    { key: "received", header: t("adminOrders.received"), cell: (row) => when(row.received), wrap: "never" },
    {
      key: "processed",
      header: t("adminOrders.processed"),
      cell: (row) => when(row.processed, t("adminOrders.notProcessed")),
      wrap: "never",
    },
  ];

  return (
    <div className="flex flex-col gap-8">
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <Facts id="order-heading" title={t("adminOrders.detailsHeading", { number: order.orderNumber })}>
          <Fact label={t("adminOrders.status")}>
            <StatePill
              state={order.status}
              tone={orderTones[order.status]}
              label={t(`orders.status.${order.status}`)}
            />
          </Fact>
          <Fact label={t("adminOrders.plan")}>{t(`adminOrders.plans.${order.plan}`)}</Fact>
          <Fact label={t("adminOrders.net")} numeric>
            {money(order.netOre)}
          </Fact>
          <Fact label={t("adminOrders.vat", { rate: order.vatRatePercent })} numeric>
            {money(order.vatOre)}
          </Fact>
          <Fact label={t("adminOrders.total")} numeric>
            <strong>{money(order.amountOre)}</strong>
          </Fact>
          <Fact label={t("adminOrders.method")}>{t(`orders.methods.${order.method}`)}</Fact>
          <Fact label={t("adminOrders.provider")}>{t(`adminOrders.providers.${order.provider}`)}</Fact>
          <Fact label={t("adminOrders.reference")}>
            {order.providerReference ? (
              <code className="break-all font-mono">{order.providerReference}</code>
            ) : (
              <span className="text-muted">{t("adminOrders.none")}</span>
            )}
          </Fact>
          {order.failureCode && (
            <Fact label={t("adminOrders.failure")}>
              <code className="font-mono">{order.failureCode}</code>
            </Fact>
          )}
          <Fact label={t("adminOrders.created")}>{when(order.createdAt)}</Fact>
          <Fact label={t("adminOrders.paid")}>{when(order.paidAt, t("adminOrders.notPaid"))}</Fact>
        </Facts>

        <div className="flex min-w-0 flex-col gap-6">
          <Facts id="profile-heading" title={t("adminOrders.profileHeading")}>
            <Fact label={t("adminOrders.profileHeading")}>
              <Link
                to={`/admin/profile-admin?id=${encodeURIComponent(profile.id)}`}
                className="inline-flex min-h-11 items-center font-mono font-medium text-brand underline underline-offset-2 sm:min-h-0"
                aria-label={`${t("adminOrders.openProfile")}: ${profile.id}`}
              >
                {profile.id}
              </Link>
            </Fact>
            <Fact label={t("adminOrders.profileStatus")}>
              <StatusBadge status={profile.status} />
            </Fact>
            <Fact label={t("adminOrders.owner")}>
              <span className="break-all">{profile.ownerEmail ?? t("adminOrders.noOwner")}</span>
            </Fact>
          </Facts>
          <Facts id="customer-heading" title={t("adminOrders.customerHeading")}>
            <Fact label={t("adminOrders.customerEmail")}>
              <span className="break-all">{customer.email}</span>
            </Fact>
            <Fact label={t("adminOrders.customerId")}>
              <code className="break-all font-mono">{customer.id}</code>
            </Fact>
          </Facts>
        </div>
      </div>

      <Section
        id="subscription-heading"
        title={t("adminOrders.subscriptionHeading")}
        className="flex min-w-0 flex-col gap-3"
      >
        {subscription ? (
          <dl
            className={`grid grid-cols-1 gap-x-4 gap-y-1 ${cardClass} p-5 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2`}
          >
            <Fact label={t("adminOrders.subscriptionStatus")}>
              <StatePill
                state={subscription.status}
                tone={subscriptionTones[subscription.status]}
                label={t(`adminOrders.subscriptionStatuses.${subscription.status}`)}
              />
            </Fact>
            <Fact label={t("adminOrders.plan")}>
              {t("checkoutLinks.termsText", {
                price: money(subscription.priceOre),
                interval: t(`adminOrders.intervals.${subscription.interval}`),
              })}{" "}
              ({t(`adminOrders.plans.${subscription.plan}`)})
            </Fact>
            <Fact label={t("adminOrders.iterations")} numeric>
              {subscription.iterations === 0 ? t("adminOrders.untilCancelled") : subscription.iterations}
            </Fact>
            <Fact label={t("adminOrders.periodsPaid")} numeric>
              {subscription.iterations === 0
                ? subscription.periodsPaid
                : t("adminOrders.ofIterations", {
                    paid: subscription.periodsPaid,
                    total: subscription.iterations,
                  })}
            </Fact>
            <Fact label={t("adminOrders.currentPeriodEnd")}>{when(subscription.currentPeriodEnd)}</Fact>
            <Fact label={t("adminOrders.nextCharge")}>{when(subscription.nextChargeAt)}</Fact>
            {subscription.trialEndsAt && (
              <Fact label={t("adminOrders.trialEnds")}>{when(subscription.trialEndsAt)}</Fact>
            )}
          </dl>
        ) : (
          <p className="text-muted">{t("adminOrders.noSubscription")}</p>
        )}
      </Section>

      <Section
        id="payments-heading"
        title={t("adminOrders.paymentsHeading")}
        className="flex min-w-0 flex-col gap-3"
      >
        <DataTable
          caption={t("adminOrders.paymentsCaption")}
          columns={paymentColumns}
          rows={payments}
          rowKey={(row) => `${row.received}|${row.type}`}
          empty={<EmptyState icon={emptyIcons.history} title={t("adminOrders.paymentsEmpty")} />}
        />
      </Section>
    </div>
  );
}
