// /k/{id}/gift (rule `gift`, ADR 044): a signed-in visitor keeps a resting or past-due page open by
// giving it a year, by card or by invoice (whichever this site takes: card payments may be off, and
// invoices need a creditor set up). They sign the gift with a name (or their address) or give it
// anonymously; they never become the page's owner or editor. A gift the page cannot take now is said by
// its refusal's code instead of the form; one refused on sending, beside the button. Paid by card or
// invoiced, the thank-you follows; a card that asks for confirmation shows the bank's step, a declined
// one a message with the form kept.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { CustomerOrder } from "../../../contract/checkout";
import { giverNameMaxLength } from "../../../contract/gifts";
import { invoiceCheckoutTermsDays } from "../../../contract/invoices";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { FormAlert } from "../../components/form-alert";
import { RadioGroup } from "../../components/radio-group";
import { TextField } from "../../components/text-field";
import { BankConfirmation } from "../../components/checkout/bank-confirmation";
import { BillingFields, billingFields } from "../../components/checkout/billing-fields";
import {
  CardDetails,
  cardFieldMessages,
  cardProblems,
  emptyCard,
  type CardInput,
} from "../../components/checkout/card-fields";
import { useBilling } from "../../components/checkout/use-billing";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { failureOf, type Failure } from "../../lib/failure";
import { formatMoney } from "../../lib/format";
import { useTranslation } from "../../lib/i18n";
import { refusalText } from "../../lib/refusal";
import { useFocusFirstProblem } from "../../lib/use-focus-first-problem";
import { explainFailure, useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import {
  activeCreditor,
  giftOffer,
  profileContext,
  servicesContext,
  viewerContext,
} from "../../lib/services.server";
import type { Route } from "./+types/give";

export const middleware: Route.MiddlewareFunction[] = serverRules("gift");

export async function loader({ context }: Route.LoaderArgs) {
  // The rule has found a page a visitor can see, and a signed-in customer.
  const profile = context.get(profileContext);
  const viewer = context.get(viewerContext);
  if (!profile || !viewer) throw new Response("Not Found", { status: 404 });
  const { config, db } = context.get(servicesContext);
  const [offer, creditor] = await Promise.all([giftOffer(db, profile.id, viewer.id), activeCreditor(db)]);
  return {
    id: profile.id,
    name: profile.content.displayName ?? "",
    email: viewer.email,
    ...offer,
    cardPayments: config.PAYMENT_PROVIDER !== "none",
    // No creditor set up means no invoice can be issued now.
    invoicing: creditor !== null,
    sandbox: config.PAYMENT_PROVIDER === "sandbox",
  };
}

type Method = "card" | "invoice";

const fields = ["cardNumber", "expiry", "cvc", "name", "giverName", "anonymous", ...billingFields] as const;
type GiftField = (typeof fields)[number];
const formOptions = {
  fields,
  messages: { invalid_request: { ...cardFieldMessages, giverName: "profile.gift.errors.giverName" } },
};

export default function GiveTime({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id, name, email, priceOre, until, refusal, cardPayments, invoicing, sandbox } = loaderData;
  // The ways this site takes the gift now; a choice only when there are two.
  const methods: Method[] = [
    ...(cardPayments ? ["card" as const] : []),
    ...(invoicing ? ["invoice" as const] : []),
  ];
  const [method, setMethod] = useState<Method>(methods[0] ?? "card");
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [giverName, setGiverName] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [refused, setRefused] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState<CustomerOrder | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const refusedRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useFormSubmit<GiftField>({ ...formOptions, quietWhenExplained: true });
  const billing = useBilling(form, email);
  const focusFirstProblem = useFocusFirstProblem(formRef);
  // A refusal takes the focus once it shows, so the screen reader says it where the button was pressed.
  useEffect(() => {
    if (refused) refusedRef.current?.focus();
  }, [refused]);
  const price = formatMoney({ amountOre: priceOre, currency: "SEK" }, i18n.language);
  const pageName = name || t("profile.gift.thisPage");
  const untilDate = formatDate(until, i18n.language, "long");
  const terms = invoiceCheckoutTermsDays;
  const byInvoice = method === "invoice";

  /** What the payment came to: on to the thank-you, the bank's step, or the message. */
  function settle(order: CustomerOrder) {
    setConfirming(null);
    if (order.status === "paid") {
      void navigate(`/k/${id}/gift/thanks?order=${order.orderNumber}`);
      return;
    }
    if (order.status === "requires_confirmation") {
      setConfirming(order);
      return;
    }
    const code = order.failureCode ?? "other";
    setFailure(
      t(`checkout.failure.${code === "card_declined" || code === "confirmation_declined" ? code : "other"}`),
    );
    requestAnimationFrame(() => failureRef.current?.focus());
  }

  /**
   * A failed call, said where it belongs: the fields a 400 names at those fields, a refusal of the
   * business in its own words beside the button that was pressed; anything else is the form's to show.
   * Answers whether it was said here.
   */
  function explain(caught: unknown): boolean {
    const failed = failureOf(caught);
    const named = billing.namedIn(failed);
    if (named) {
      form.check({ ...explainFailure(failed, formOptions), ...named });
      focusFirstProblem();
      return true;
    }
    if (refusalText(t, failed)) {
      form.check({});
      setRefused(failed);
      return true;
    }
    return false;
  }

  const gift = () => ({ profileId: id, anonymous, giverName: anonymous ? null : giverName.trim() || null });

  async function giveByCard() {
    const started = await api.post("/checkout/gift/card", { body: gift(), refresh: false });
    if (started.next.kind === "redirect") {
      window.location.assign(started.next.url);
      return;
    }
    const paid = await api.post("/checkout/sandbox/pay", {
      body: { orderNumber: started.order.orderNumber, ...card },
    });
    settle(paid.order);
    if (paid.order.status !== "paid") form.check({});
  }

  async function giveByInvoice() {
    const { order } = await api.post("/checkout/gift/faktura", {
      body: { ...gift(), billing: billing.body },
      refresh: false, // the thank-you is next
    });
    await navigate(`/k/${id}/gift/thanks?order=${encodeURIComponent(order.orderNumber)}`);
  }

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => {
        const problems = {
          ...(byInvoice ? billing.problems() : cardProblems(card)),
          ...(giverName.length > giverNameMaxLength ? { giverName: "profile.gift.errors.giverName" } : {}),
        };
        if (Object.values(problems).some(Boolean)) focusFirstProblem();
        return problems;
      },
      staysBusy: true,
      send: async () => {
        setFailure(null);
        setRefused(null);
        try {
          await (byInvoice ? giveByInvoice() : giveByCard());
        } catch (caught) {
          if (!explain(caught)) throw caught;
        }
      },
    });

  async function confirm(approve: boolean) {
    if (!confirming) return;
    setConfirmBusy(true);
    try {
      const answer = await api.post("/checkout/sandbox/confirm", {
        body: { orderNumber: confirming.orderNumber, approve },
      });
      settle(answer.order);
    } catch (caught) {
      if (!explain(caught)) form.fail(caught);
      setConfirming(null);
    } finally {
      setConfirmBusy(false);
    }
  }

  function choose(next: Method) {
    setMethod(next);
    // The other way's messages and outcome are no longer about what is on the screen.
    setFailure(null);
    setRefused(null);
    form.check({});
  }

  const header = (
    <header className="flex flex-col gap-2">
      <p className="text-sm font-semibold uppercase tracking-[0.14em] text-muted">{t("profile.gift.call")}</p>
      <h1 className="text-balance text-3xl font-semibold">{t("profile.gift.heading", { name: pageName })}</h1>
      <p className="text-muted">{t("profile.gift.lead", { price })}</p>
    </header>
  );

  if (refusal || methods.length === 0) {
    return (
      <article className="mx-auto flex max-w-xl flex-col gap-6">
        <title>{t("profile.gift.title")}</title>
        {header}
        <Alert
          tone="info"
          title={
            refusal ? t(`refusals.${refusal.code}`, refusal.params) : t("profile.gift.paymentsUnavailable")
          }
        />
        <p>
          <Link
            to={`/k/${id}`}
            className="inline-flex min-h-11 items-center font-medium text-brand underline"
          >
            {t("profile.gift.backToPage")}
          </Link>
        </p>
      </article>
    );
  }

  return (
    <article className="mx-auto flex max-w-xl flex-col gap-6">
      <title>{t("profile.gift.title")}</title>
      {header}
      {confirming ? (
        <BankConfirmation amount={price} busy={confirmBusy} onAnswer={(approve) => void confirm(approve)} />
      ) : (
        <form
          ref={formRef}
          noValidate
          onSubmit={(event) => void submit(event)}
          className="flex flex-col gap-8"
        >
          <section aria-labelledby="gift-from" className="flex flex-col gap-4">
            <h2 id="gift-from" className="text-lg font-semibold">
              {t("profile.gift.fromHeading")}
            </h2>
            <CheckboxField
              label={t("profile.gift.anonymous")}
              hint={t("profile.gift.anonymousHint")}
              name="anonymous"
              checked={anonymous}
              onChange={(event) => setAnonymous(event.target.checked)}
            />
            {!anonymous && (
              <TextField
                label={t("profile.gift.giverName")}
                hint={t("profile.gift.giverNameHint", { email })}
                name="giverName"
                autoComplete="name"
                maxLength={giverNameMaxLength}
                value={giverName}
                onChange={(event) => setGiverName(event.target.value)}
                error={form.message("giverName")}
              />
            )}
          </section>

          {methods.length > 1 && (
            <RadioGroup
              label={t("profile.gift.methodLegend")}
              heading
              name="method"
              value={method}
              onChange={(value) => choose(value as Method)}
              options={[
                {
                  value: "card",
                  label: t("profile.gift.methodCard"),
                  hint: t("profile.gift.methodCardHint"),
                },
                {
                  value: "invoice",
                  label: t("profile.gift.methodInvoice"),
                  hint: t("profile.gift.methodInvoiceHint", { count: terms }),
                },
              ]}
            />
          )}

          {byInvoice ? (
            <BillingFields {...billing.fields} />
          ) : (
            <CardDetails
              sandbox={sandbox}
              failure={failure}
              failureRef={failureRef}
              form={form}
              card={card}
              onChange={setCard}
            />
          )}

          <section
            aria-labelledby="gift-summary"
            className="flex flex-col gap-1 rounded-[var(--radius-control)] border border-line bg-raised px-4 py-3"
          >
            <h2 id="gift-summary" className="font-semibold">
              {t("profile.gift.summaryHeading")}
            </h2>
            <p data-testid="gift-summary">
              {byInvoice
                ? t("profile.gift.summaryInvoice", { price, date: untilDate, count: terms })
                : t("profile.gift.summary", { price, date: untilDate })}
            </p>
            <p className="text-sm text-muted">
              {byInvoice ? t("profile.gift.notOwnerInvoice") : t("profile.gift.notOwner")}
            </p>
          </section>

          <div className="flex flex-col gap-4">
            <div
              ref={refusedRef}
              tabIndex={-1}
              data-testid="gift-refused"
              className="empty:hidden focus:outline-none"
            >
              {refused && (
                <Alert tone="error" title={refusalText(t, refused)}>
                  <Link to={`/k/${id}`} className="font-medium underline underline-offset-2">
                    {t("profile.gift.backToPage")}
                  </Link>
                </Alert>
              )}
            </div>
            {/* The card's part shows the card checkout's own alert; the invoice's is here. */}
            {byInvoice && <FormAlert form={form} />}
            <Button type="submit" busy={form.busy}>
              {byInvoice
                ? form.busy
                  ? t("invoiceCheckout.submitting")
                  : t("profile.gift.payInvoice", { amount: price })
                : form.busy
                  ? t("checkout.paying")
                  : t("profile.gift.pay", { amount: price })}
            </Button>
            {!byInvoice && <p className="text-sm text-muted">{t("checkout.secure")}</p>}
          </div>
        </form>
      )}
    </article>
  );
}
