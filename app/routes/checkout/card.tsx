// /k/{id}/checkout/card (rule `checkout`): the owner pays for their page by card. A plan (monthly or
// yearly, or a prepaid term of 10 or 25 years paid once: ADR 041; a page paid for already is offered
// the terms only), or a checkout link's terms with ?link={token}; then the card form. Paying first starts the
// order (the same one again on a second try), then the sandbox takes the card; a card that asks for
// confirmation shows the bank's step (its order named in the address, ?order=, so a reload shows the
// step again while the server says the order waits for it), a declined one a message with the form
// kept. Stripe, when it is the provider, takes the customer to its own page instead.
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, redirect, useNavigate, useSearchParams } from "react-router";
import {
  cardPlans,
  checkoutLinkTokenSchema,
  type CardPlan,
  type CustomerOrder,
} from "../../../contract/checkout";
import { orderNumberSchema } from "../../../contract/orders";
import { isTermPlan, plans, termPlans, termYears, type TermPlan } from "../../../contract/pricing";
import { Button } from "../../components/button";
import { BankConfirmation } from "../../components/checkout/bank-confirmation";
import { CheckoutRefused } from "../../components/checkout/checkout-refused";
import { PlanChoice } from "../../components/checkout/plan-choice";
import { CardSummary } from "../../components/checkout/card-summary";
import { LinkOffer } from "../../components/checkout/link-offer";
import {
  DeliveryFields,
  deliveryFormFields,
  deliveryOf,
  deliveryProblems,
  emptyDelivery,
  type DeliveryValues,
} from "../../components/checkout/delivery-fields";
import {
  CardDetails,
  cardFieldMessages,
  cardProblems,
  emptyCard,
  type CardInput,
} from "../../components/checkout/card-fields";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import {
  activeCreditor,
  checkoutLinkState,
  type LinkState,
  customerOrder,
  invoicedPeriod,
  profileContext,
  termPricesOf,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import type { Route } from "./+types/card";
import { termHints } from "../../components/checkout/term-hints";

export const middleware: Route.MiddlewareFunction[] = serverRules("checkout");

type LinkTerms = {
  token: string;
  state: "usable" | "not_found" | "not_yours" | "revoked" | "expired" | "used";
  priceOre: number;
  interval: "month" | "year";
  iterations: number;
  trialFirst: boolean;
  term: TermPlan | null;
};

export async function loader({ context, request }: Route.LoaderArgs) {
  // The rule has found the page and its owner; both are there.
  const profile = context.get(profileContext);
  const viewer = context.get(viewerContext);
  if (!profile || !viewer) throw new Response("Not Found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("link");
  let link: LinkTerms | null = null;
  if (asked) {
    // A token we could not have made (%00, 10 KB) names no link: said so without asking the database.
    const token = checkoutLinkTokenSchema.safeParse(asked);
    const found: LinkState = token.success
      ? await checkoutLinkState(context.get(servicesContext).db, token.data, viewer.id)
      : { state: "not_found", link: null };
    link = {
      token: token.success ? token.data : "",
      state: found.state,
      priceOre: found.link?.priceOre ?? 0,
      interval: found.link?.interval ?? "month",
      iterations: found.link?.iterations ?? 0,
      trialFirst: found.link?.includesFreeTrial ?? false,
      term: found.link?.term ?? null,
    };
  }
  const { config, db } = context.get(servicesContext);
  // No creditor set up means no invoice can be issued: the invoice checkout is not offered then.
  const invoicing = (await activeCreditor(db)) !== null;
  // A site that takes no card payments (https, no provider named) sends a plan to the invoice.
  if (config.PAYMENT_PROVIDER === "none" && !link && invoicing) {
    throw redirect(`/k/${encodeURIComponent(profile.id)}/checkout/faktura`);
  }
  // Nothing is charged before a trial's end: the link's trial first, or the page's own running trial.
  const trialEnd =
    link?.state === "usable" && link.trialFirst
      ? new Date(Date.now() + config.FREE_TRIAL_DAYS * 24 * 60 * 60 * 1000).toISOString()
      : (profile.status === "trial" || profile.status === "extended_trial") &&
          profile.trialEndsAt &&
          new Date(profile.trialEndsAt) > new Date()
        ? profile.trialEndsAt
        : null;
  const sandbox = config.PAYMENT_PROVIDER === "sandbox";
  // The bank's step, as the server has it: the named order of this page, still waiting for it.
  const number = orderNumberSchema.safeParse(url.searchParams.get("order") ?? "");
  const named = sandbox && number.success ? await customerOrder(db, number.data, viewer.id) : null;
  const waiting =
    named?.profileId === profile.id && named.method === "card" && named.status === "requires_confirmation";
  // A term's years start where the page's time ends (its trial, or its paid period: ADR 041).
  const now = new Date();
  const facts = {
    status: profile.status,
    trialEndsAt: profile.trialEndsAt ? new Date(profile.trialEndsAt) : null,
    paidUntil: profile.paidUntil ? new Date(profile.paidUntil) : null,
  };
  const until = (term: TermPlan) => invoicedPeriod(facts, term, now).until.toISOString();
  return {
    prices: {
      monthly: plans.monthly.price.amountOre,
      yearly: plans.yearly.price.amountOre,
      ...termPricesOf(config),
    },
    termUntil: { term10: until("term10"), term25: until("term25") },
    // Paid for already: only a term (which extends it) can be bought.
    termsOnly: profile.status === "active",
    paidUntil: profile.paidUntil,
    firstChargeAt: trialEnd,
    cardPayments: config.PAYMENT_PROVIDER !== "none",
    invoicing,
    id: profile.id,
    name: profile.content.displayName,
    link,
    trialDays: config.FREE_TRIAL_DAYS,
    // The sandbox's test numbers are shown only where the sandbox takes the card.
    sandbox,
    confirming: waiting ? named : null,
  };
}

const fields = ["cardNumber", "expiry", "cvc", "name", "plan", ...deliveryFormFields] as const;
type CardField = (typeof fields)[number];

export default function CardCheckout({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { id, name, link, trialDays, sandbox, cardPayments, invoicing, firstChargeAt, confirming } =
    loaderData;
  const { prices, termUntil, termsOnly, paidUntil } = loaderData;
  const [plan, setPlan] = useState<CardPlan>(termsOnly ? "term25" : "monthly");
  const [card, setCard] = useState<CardInput>(emptyCard);
  // The printed plaque or card, posted to this address once the page is paid.
  const [plaque, setPlaque] = useState(false);
  const [delivery, setDelivery] = useState<DeliveryValues>(emptyDelivery);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useFormSubmit<CardField>({
    fields,
    messages: {
      invalid_request: { ...cardFieldMessages, plan: "checkout.errors.plan" },
    },
    quietWhenExplained: true,
  });

  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const linkUsable = link?.state === "usable";
  const priceOre = link ? link.priceOre : prices[plan];
  const pageName = name || t("checkout.unnamed");
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  const firstChargeDate = firstChargeAt ? date(firstChargeAt) : "";
  // A term is charged today, whatever trial runs; its time starts where the trial ends.
  const termShown = link ? link.term : isTermPlan(plan) ? plan : null;
  const deferred = !!firstChargeAt && !termShown;

  /** Names the order waiting for the bank's step in the address, or none; the loader then shows the step
   * while the server says it waits (so a reload shows it again). Replaces the entry: no step to go back to. */
  async function nameOrder(orderNumber: string | null) {
    const next = new URLSearchParams(searchParams);
    if (orderNumber) next.set("order", orderNumber);
    else next.delete("order");
    const search = next.toString();
    await navigate({ search: search ? `?${search}` : "" }, { replace: true, preventScrollReset: true });
  }

  /** What the payment came to: on to the confirmation, the bank's step, or the message. */
  async function settle(order: CustomerOrder) {
    // Paid, or the card kept for the first charge at a trial's end: on to the confirmation.
    if (order.status === "paid" || order.status === "scheduled") {
      void navigate(`/k/${id}/checkout/confirm?order=${order.orderNumber}`);
      return;
    }
    if (order.status === "requires_confirmation") {
      await nameOrder(order.orderNumber);
      return;
    }
    const code = order.failureCode ?? "other";
    setFailure(
      t(`checkout.failure.${code === "card_declined" || code === "confirmation_declined" ? code : "other"}`),
    );
    if (searchParams.has("order")) await nameOrder(null);
    requestAnimationFrame(() => failureRef.current?.focus());
  }

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({ ...cardProblems(card), ...(plaque ? deliveryProblems(delivery) : {}) }),
      staysBusy: true,
      send: async () => {
        setFailure(null);
        const started = await api.post("/checkout/card", {
          body: {
            profileId: id,
            ...(link ? { link: link.token } : { plan }),
            ...(plaque ? { delivery: deliveryOf(delivery) } : {}),
          },
          // The payment goes on here or at the provider: nothing on this page changes yet.
          refresh: false,
        });
        if (started.next.kind === "redirect") {
          window.location.assign(started.next.url);
          return;
        }
        const paid = await api.post("/checkout/sandbox/pay", {
          body: { orderNumber: started.order.orderNumber, ...card },
        });
        await settle(paid.order);
        // The form is used again unless the page moves on.
        if (paid.order.status !== "paid" && paid.order.status !== "scheduled") form.check({});
      },
    });

  async function confirm(approve: boolean) {
    if (!confirming) return;
    setConfirmBusy(true);
    try {
      const answer = await api.post("/checkout/sandbox/confirm", {
        body: { orderNumber: confirming.orderNumber, approve },
      });
      await settle(answer.order);
    } catch (caught) {
      form.fail(caught);
      await nameOrder(null);
    } finally {
      setConfirmBusy(false);
    }
  }

  if (!cardPayments) {
    return (
      <CheckoutRefused
        id={id}
        heading={t("checkout.heading", { name: pageName })}
        title={t("checkout.cardUnavailable")}
        text={t("checkout.cardUnavailableText")}
      />
    );
  }

  if (link && !linkUsable) {
    return (
      <CheckoutRefused
        id={id}
        heading={t("checkout.link.heading")}
        title={t(`checkout.link.${link.state}`)}
      />
    );
  }

  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("checkout.title")}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-semibold">{t("checkout.heading", { name: pageName })}</h1>
        <p className="text-muted">
          <span className="font-mono tracking-widest">{id}</span> · {t("checkout.lead")}
        </p>
        {/* A checkout link's offer is card-only; a plan can be paid by invoice as well, once invoicing is set up. */}
        {!link && invoicing && (
          <p>
            <Link
              to={`/k/${id}/checkout/faktura`}
              className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2"
            >
              {t("invoiceCheckout.payByInvoice")}
            </Link>
          </p>
        )}
      </header>

      {confirming ? (
        <BankConfirmation
          amount={money(confirming.amountOre)}
          busy={confirmBusy}
          onAnswer={(approve) => void confirm(approve)}
        />
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
          {link ? (
            <LinkOffer link={link} trialDays={trialDays} />
          ) : (
            <>
              {termsOnly && paidUntil && (
                <p className="text-muted">{t("checkout.termsOnlyLead", { date: date(paidUntil) })}</p>
              )}
              <PlanChoice
                plan={plan}
                onChange={setPlan}
                error={form.message("plan")}
                prices={prices}
                offered={termsOnly ? termPlans : cardPlans}
                hints={{
                  monthly: t("checkout.planMonthlyHint"),
                  yearly: t("checkout.planYearlyHint"),
                  ...termHints(t, termUntil, date),
                }}
              />
            </>
          )}

          <CardDetails
            sandbox={sandbox}
            failure={failure}
            failureRef={failureRef}
            form={form}
            card={card}
            onChange={setCard}
          />

          <DeliveryFields
            wanted={plaque}
            onWanted={setPlaque}
            values={delivery}
            onChange={setDelivery}
            message={form.message}
          />

          <CardSummary
            priceOre={priceOre}
            firstChargeDate={deferred ? firstChargeDate : null}
            term={termShown ? { years: termYears[termShown], until: date(termUntil[termShown]) } : null}
          />

          <Button type="submit" busy={form.busy}>
            {form.busy
              ? t("checkout.paying")
              : deferred
                ? t("checkout.saveCard", { date: firstChargeDate })
                : t("checkout.pay", { amount: money(priceOre) })}
          </Button>
          <p className="text-sm text-muted">{t("checkout.secure")}</p>
        </form>
      )}
    </article>
  );
}
