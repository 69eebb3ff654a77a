// /k/{id}/checkout/faktura (rule `checkout`): the owner pays for their page by invoice. A plan (monthly
// or yearly, or a prepaid term of 10 or 25 years: ADR 041; a checkout link's offer is card-only), the billing address, and a summary of what comes:
// the invoice is issued at once, e-mailed with its PDF, due in 30 days (decisions), and the page is
// active at once. Without a creditor set up, invoices cannot be issued: the page says so and sends
// the owner to the card checkout instead.
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useNavigate } from "react-router";
import { cardPlans, type CardPlan } from "../../../contract/checkout";
import { invoiceCheckoutTermsDays } from "../../../contract/invoices";
import { vatSplit } from "../../../contract/orders";
import { plans, termPlans, vatRatePercent } from "../../../contract/pricing";
import { termHints } from "../../components/checkout/term-hints";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { BillingFields, billingFields, type BillingField } from "../../components/checkout/billing-fields";
import { useBilling } from "../../components/checkout/use-billing";
import { FormAlert } from "../../components/form-alert";
import { PlanChoice } from "../../components/checkout/plan-choice";
import { api, type AnswerOf } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { useFocusFirstProblem } from "../../lib/use-focus-first-problem";
import { useFormSubmit } from "../../lib/use-form-submit";
import { failureOf } from "../../lib/failure";
import {
  activeCreditor,
  invoicedPeriod,
  onTrial,
  profileContext,
  servicesContext,
  termPricesOf,
  viewerContext,
} from "../../lib/services.server";
import { serverRules } from "../../rules/index.server";
import type { Route } from "./+types/faktura";
import { Card } from "../../components/card";

export const middleware: Route.MiddlewareFunction[] = serverRules("checkout");

export async function loader({ context }: Route.LoaderArgs) {
  // The rule has found the page and its owner; both are there.
  const profile = context.get(profileContext);
  const viewer = context.get(viewerContext);
  if (!profile || !viewer) throw new Response("Not Found", { status: 404 });
  const { db, config } = context.get(servicesContext);
  const creditor = await activeCreditor(db);
  const now = new Date();
  const facts = {
    status: profile.status,
    trialEndsAt: profile.trialEndsAt ? new Date(profile.trialEndsAt) : null,
    paidUntil: profile.paidUntil ? new Date(profile.paidUntil) : null,
  };
  const period = (plan: CardPlan) => {
    const { from, until } = invoicedPeriod(facts, plan, now);
    return { from: from.toISOString(), until: until.toISOString() };
  };
  return {
    id: profile.id,
    name: profile.content.displayName,
    email: viewer.email,
    // No creditor set up means no invoice can be issued now.
    invoicing: creditor !== null,
    // What each plan's invoice pays for: one period, from where the trial or paid time ends.
    periods: {
      monthly: period("monthly"),
      yearly: period("yearly"),
      term10: period("term10"),
      term25: period("term25"),
    },
    prices: {
      monthly: plans.monthly.price.amountOre,
      yearly: plans.yearly.price.amountOre,
      ...termPricesOf(config),
    },
    // Paid for already: only a term (which extends it) can be bought.
    termsOnly: profile.status === "active",
    trialEndsAt: onTrial(facts, now) ? profile.trialEndsAt : null,
  };
}

type FormField = BillingField | "plan";
const formFields: readonly FormField[] = [...billingFields, "plan"];

/** Why the invoice could not be issued, beyond a field: invoicing is off, or the page cannot be paid. */
type Unavailable = "noCreditor" | "refused";

export default function InvoiceCheckout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id, name, email, invoicing, periods, trialEndsAt, prices, termsOnly } = loaderData;
  const [plan, setPlan] = useState<CardPlan>(termsOnly ? "term25" : "monthly");
  const [unavailable, setUnavailable] = useState<Unavailable | null>(invoicing ? null : "noCreditor");
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit<FormField>({
    fields: formFields,
    messages: { invalid_request: { plan: "checkout.errors.plan" } },
    quietWhenExplained: true,
  });
  const billing = useBilling(form, email);
  const focusFirstProblem = useFocusFirstProblem(formRef);

  const terms = invoiceCheckoutTermsDays;
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const priceOre = prices[plan];
  const split = vatSplit({ amountOre: priceOre, currency: "SEK" });
  const pageName = name || t("checkout.unnamed");
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  const period = periods[plan];
  const cardPath = `/k/${id}/checkout/card`;

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const problems = billing.problems();
        if (Object.keys(problems).length > 0) focusFirstProblem();
        return problems;
      },
      staysBusy: true,
      send: async () => {
        let answer: AnswerOf<"post", "/checkout/faktura">;
        try {
          answer = await api.post("/checkout/faktura", {
            body: { profileId: id, plan, billing: billing.body },
            refresh: false, // the confirmation page is next
          });
        } catch (caught) {
          const failure = failureOf(caught);
          const named = billing.namedIn(failure);
          if (named) {
            form.check(named);
            focusFirstProblem();
            return;
          }
          if (failure.code === "conflict") {
            // The card checkout's refusal names the page; a conflict without it is invoicing not set up.
            setUnavailable("profileId" in failure.fields ? "refused" : "noCreditor");
            form.check({});
            return;
          }
          throw caught;
        }
        const { order } = answer;
        await navigate(`/k/${id}/checkout/confirm?order=${encodeURIComponent(order.orderNumber)}`);
      },
    });

  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("invoiceCheckout.title")}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">{t("invoiceCheckout.heading", { name: pageName })}</h1>
        <p className="text-muted">
          <span className="font-mono tracking-widest">{id}</span> ·{" "}
          {unavailable ? t("invoiceCheckout.leadUnavailable") : t("invoiceCheckout.lead", { count: terms })}
        </p>
        {!unavailable && (
          <p>
            <Link
              to={cardPath}
              className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
            >
              {t("invoiceCheckout.payByCard")}
            </Link>
          </p>
        )}
      </header>

      {unavailable ? (
        <UnavailableNotice
          reason={unavailable}
          cardPath={cardPath}
          pagePath={`/k/${id}`}
          // Told after sending, the notice takes the place of the form and the focus it had.
          takeFocus={invoicing}
        />
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-6"
        >
          <PlanChoice
            plan={plan}
            onChange={setPlan}
            error={form.message("plan")}
            prices={prices}
            offered={termsOnly ? termPlans : cardPlans}
            hints={{
              monthly: t("invoiceCheckout.planMonthlyHint"),
              yearly: t("invoiceCheckout.planYearlyHint"),
              ...termHints(t, { term10: periods.term10.until, term25: periods.term25.until }, date),
            }}
          />

          <BillingFields {...billing.fields} />

          <Card as="section" aria-labelledby="summary" className="flex flex-col gap-3 p-5">
            <h2 id="summary" className="text-lg font-semibold">
              {t("invoiceCheckout.summaryHeading")}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 tabular-nums">
              <dt className="font-semibold">{t("invoiceCheckout.total")}</dt>
              <dd className="text-right font-semibold" data-testid="invoice-total">
                {money(priceOre)}
              </dd>
              <dt className="text-sm text-muted">{t("checkout.vatIncluded", { rate: vatRatePercent })}</dt>
              <dd className="text-right text-sm text-muted">{money(split.vatOre)}</dd>
              <dt className="text-sm text-muted">{t("invoiceCheckout.due")}</dt>
              <dd className="text-right text-sm text-muted">
                {t("invoiceCheckout.dueIn", { count: terms })}
              </dd>
              <dt className="text-sm text-muted">{t("invoiceCheckout.covers")}</dt>
              <dd className="text-right text-sm text-muted" data-testid="invoice-period">
                {t("invoiceCheckout.coversDates", { from: date(period.from), until: date(period.until) })}
              </dd>
            </dl>
            <p className="text-sm">
              {trialEndsAt
                ? t("invoiceCheckout.emailedTrial", { date: date(trialEndsAt) })
                : t("invoiceCheckout.emailed")}
            </p>
            <p className="text-sm font-medium" data-testid="invoice-next-step">
              {t(`invoiceCheckout.oneOff.${plan}`, { date: date(period.until) })}
            </p>
          </Card>

          <FormAlert form={form} />
          <Button type="submit" busy={form.busy}>
            {form.busy
              ? t("invoiceCheckout.submitting")
              : t("invoiceCheckout.submit", { amount: money(priceOre) })}
          </Button>
        </form>
      )}
    </article>
  );
}

function UnavailableNotice({
  reason,
  cardPath,
  pagePath,
  takeFocus,
}: {
  reason: Unavailable;
  cardPath: string;
  pagePath: string;
  takeFocus: boolean;
}) {
  const { t } = useTranslation();
  const focusRef = (node: HTMLDivElement | null) => {
    if (takeFocus) node?.focus();
  };
  return (
    <div ref={focusRef} tabIndex={-1} className="flex flex-col gap-6 focus:outline-none">
      {reason === "refused" ? (
        <>
          <Alert tone="error" title={t("checkout.refused")} />
          <div>
            <ButtonLink to={pagePath} variant="secondary">
              {t("checkout.confirm.back")}
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <Alert tone="info" title={t("invoiceCheckout.unavailable.heading")}>
            <p>{t("invoiceCheckout.unavailable.text")}</p>
          </Alert>
          <div>
            <ButtonLink to={cardPath}>{t("invoiceCheckout.unavailable.toCard")}</ButtonLink>
          </div>
        </>
      )}
    </div>
  );
}
