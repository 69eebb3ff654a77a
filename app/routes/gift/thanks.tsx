// /k/{id}/gift/thanks?order=KM-… (rule `gift`, ADR 044): the giver's thank-you once the year is paid by
// card or invoiced: until when the page is open, where the receipt or the invoice went (an invoice's due
// date, and how to pay it while it is unpaid), and how the family hears of it. Only the giver's own
// gift order of this page is shown; anything else is the 404.
import { Link } from "react-router";
import { orderNumberSchema } from "../../../contract/orders";
import { Card } from "../../components/card";
import { InvoicePayment } from "../../components/checkout/invoice-confirmation";
import { formatDate } from "../../lib/date-format";
import { useTranslation } from "../../lib/i18n";
import { notFound } from "../../lib/not-found";
import { serverRules } from "../../rules/index.server";
import {
  customerGift,
  customerInvoiceOfOrder,
  profileContext,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import type { Route } from "./+types/thanks";

export const middleware: Route.MiddlewareFunction[] = serverRules("gift");

export async function loader({ context, request }: Route.LoaderArgs) {
  const profile = context.get(profileContext);
  const viewer = context.get(viewerContext);
  if (!profile || !viewer) throw notFound(request);
  const { db } = context.get(servicesContext);
  const number = orderNumberSchema.safeParse(new URL(request.url).searchParams.get("order") ?? "");
  const gift = number.success ? await customerGift(db, number.data, viewer.id) : null;
  if (!gift || gift.profileId !== profile.id) throw notFound(request);
  // By invoice the page lives from the invoice's issue, before it is paid; a credited one gave nothing.
  const invoice =
    gift.method === "invoice" && number.success
      ? await customerInvoiceOfOrder(db, number.data, viewer.id)
      : null;
  const given = invoice
    ? invoice.status !== "credited" && invoice.status !== "draft"
    : gift.status === "paid";
  if (!given) throw notFound(request);
  return {
    id: profile.id,
    name: profile.content.displayName ?? "",
    email: viewer.email,
    until: gift.termUntil,
    anonymous: gift.anonymous,
    invoice,
    vat: { vatOre: gift.vatOre, vatRatePercent: gift.vatRatePercent },
  };
}

export default function GiftThanks({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { id, name, email, until, anonymous, invoice, vat } = loaderData;
  const pageName = name || t("profile.gift.thisPage");
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6" data-testid="gift-thanks">
      <title>{t("profile.gift.thanksTitle")}</title>
      <Card className="p-6">
        <div className="flex flex-col gap-3">
          <h1 className="text-balance text-3xl font-semibold">{t("profile.gift.thanksHeading")}</h1>
          <p>{t("profile.gift.thanksOpen", { name: pageName, date: until ? date(until) : "" })}</p>
          {invoice ? (
            <p data-testid="gift-invoice-sent">
              {t("profile.gift.thanksInvoice", { email: invoice.email, date: date(invoice.dueDate) })}
            </p>
          ) : (
            <p>{t("profile.gift.thanksReceipt", { email })}</p>
          )}
          <p className="text-muted">
            {anonymous ? t("profile.gift.thanksAnonymous") : t("profile.gift.thanksNamed")}
          </p>
          <p>
            <Link
              to={`/k/${id}`}
              className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
            >
              {t("profile.gift.seePage", { name: pageName })}
            </Link>
          </p>
        </div>
      </Card>
      {/* While the invoice is unpaid, what the giver needs to pay it, here as in the e-mail. */}
      {invoice && invoice.toPayOre > 0 && <InvoicePayment invoice={invoice} vat={vat} />}
    </article>
  );
}
