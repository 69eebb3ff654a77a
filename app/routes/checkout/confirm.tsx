// /k/{id}/checkout/confirm?order={orderNumber} (rule `checkout-confirm`: the viewer's own order of this
// page, else 404): the order number, the amount with its VAT, the status and how long the page is paid.
// An order paid by invoice shows its invoice instead: what to pay, to where, by when, and its PDF.
import { useTranslation } from "../../lib/i18n";
import { orderNumberSchema } from "../../../contract/orders";
import { normalizeProfileId } from "../../../contract/profile-id";
import { Alert } from "../../components/alert";
import { ButtonLink } from "../../components/button";
import { InvoiceConfirmation } from "../../components/checkout/invoice-confirmation";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { notFound } from "../../lib/not-found";
import {
  customerInvoiceOfOrder,
  customerOrder,
  onTrial,
  profileView,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/confirm";
import { cardClass } from "../../components/card";

export const middleware: Route.MiddlewareFunction[] = serverRules("checkout-confirm");

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const number = orderNumberSchema.safeParse(new URL(request.url).searchParams.get("order") ?? "");
  const order =
    viewer && number.success
      ? await customerOrder(context.get(servicesContext).db, number.data, viewer.id)
      : null;
  if (!order || order.profileId !== normalizeProfileId(params.id)) throw notFound(request);
  const { db } = context.get(servicesContext);
  const invoice =
    order.method === "invoice" && viewer
      ? await customerInvoiceOfOrder(db, order.orderNumber, viewer.id)
      : null;
  // The page's own state, as it is now: an invoice made during a trial leaves the trial running, and
  // the period it pays for is the page's paid-until (the order's is set only once it is paid).
  const profile = invoice ? await profileView(db, order.profileId) : null;
  const running =
    profile?.trialEndsAt && onTrial({ ...profile, trialEndsAt: new Date(profile.trialEndsAt) }, new Date());
  const page = {
    trialEndsAt: running ? (profile?.trialEndsAt ?? null) : null,
    paidUntil: profile?.paidUntil ?? null,
  };
  return { order, invoice, page };
}

export default function CheckoutConfirm({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, invoice, page } = loaderData;
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const paid = order.status === "paid";
  const failed = order.status === "failed" || order.status === "cancelled";
  if (invoice) {
    return (
      <article className="mx-auto flex max-w-xl flex-col gap-6">
        <title>{t("invoiceCheckout.confirm.title", { number: invoice.number })}</title>
        <InvoiceConfirmation order={order} invoice={invoice} page={page} />
      </article>
    );
  }
  const scheduled = order.status === "scheduled";
  const heading = paid
    ? t("checkout.confirm.headingPaid")
    : scheduled
      ? t("checkout.confirm.headingScheduled")
      : failed
        ? t("checkout.confirm.headingFailed")
        : t("checkout.confirm.headingWaiting");
  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("checkout.confirm.title", { order: order.orderNumber })}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">{heading}</h1>
        {paid && <p className="text-muted">{t("checkout.confirm.leadPaid")}</p>}
        {scheduled && order.firstChargeAt && (
          <p className="text-muted">
            {t("checkout.confirm.leadScheduled", {
              date: formatDate(order.firstChargeAt, i18n.language, "long"),
              amount: money(order.amountOre),
            })}
          </p>
        )}
      </header>
      {!paid && !scheduled && !failed && <Alert tone="info" title={t("checkout.confirm.leadWaiting")} />}
      {failed && (
        <Alert
          tone="error"
          title={t(
            `checkout.failure.${order.failureCode === "card_declined" || order.failureCode === "confirmation_declined" ? order.failureCode : "other"}`,
          )}
        />
      )}
      <dl className={`grid grid-cols-1 gap-x-6 gap-y-3 ${cardClass} p-6 sm:grid-cols-[auto_1fr]`}>
        <dt className="text-sm text-muted">{t("checkout.confirm.order")}</dt>
        <dd className="font-mono text-lg font-semibold tracking-wider" data-testid="order-number">
          {order.orderNumber}
        </dd>
        <dt className="text-sm text-muted">{t("checkout.confirm.plan")}</dt>
        <dd>{t(`checkout.plan.${order.plan}`)}</dd>
        <dt className="text-sm text-muted">{t("checkout.confirm.amount")}</dt>
        <dd className="tabular-nums">
          {money(order.amountOre)}{" "}
          <span className="text-sm text-muted">
            ({t("checkout.confirm.vat", { rate: order.vatRatePercent })} {money(order.vatOre)})
          </span>
        </dd>
        <dt className="text-sm text-muted">{t("checkout.confirm.status")}</dt>
        <dd className="font-semibold">{t(`checkout.status.${order.status}`)}</dd>
        {order.firstChargeAt && (
          <>
            <dt className="text-sm text-muted">{t("checkout.firstCharge")}</dt>
            <dd data-testid="first-charge">{formatDate(order.firstChargeAt, i18n.language, "long")}</dd>
          </>
        )}
        {/* A prepaid term says how far it pays from the start, an invoice's before it is paid too. */}
        {(order.paidUntil ?? order.termUntil) && (
          <>
            <dt className="text-sm text-muted">{t("checkout.confirm.paidUntil")}</dt>
            <dd data-testid="paid-until">
              {formatDate(order.paidUntil ?? order.termUntil ?? "", i18n.language, "long")}
            </dd>
          </>
        )}
        {order.plaqueTo && (
          <>
            <dt className="text-sm text-muted">{t("checkout.delivery.heading")}</dt>
            <dd data-testid="plaque-to" className="flex flex-col gap-1">
              <span>{t(paid ? "checkout.confirm.plaquePaid" : "checkout.confirm.plaqueLater")}</span>
              <address className="not-italic">
                {order.plaqueTo.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </>
        )}
      </dl>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={`/k/${order.profileId}`}>{t("checkout.confirm.back")}</ButtonLink>
        {failed && (
          <ButtonLink to={`/k/${order.profileId}/checkout/card`} variant="secondary">
            {t("checkout.confirm.tryAgain")}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
