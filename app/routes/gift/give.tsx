// /k/{id}/gift (rule `gift`, ADR 044): a signed-in visitor keeps a resting or past-due page open by
// giving it a year, by card. They sign the gift with a name (or their address) or give it anonymously;
// they never become the page's owner or editor. A gift the page cannot take now is said by its
// refusal's code instead of the form. Paid, the thank-you follows; a card that asks for confirmation
// shows the bank's step, a declined one a message with the form kept.
import { useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import type { CustomerOrder } from "../../../contract/checkout";
import { giverNameMaxLength } from "../../../contract/gifts";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { TextField } from "../../components/text-field";
import { BankConfirmation } from "../../components/checkout/bank-confirmation";
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
import { useTranslation } from "../../lib/i18n";
import { useFormSubmit } from "../../lib/use-form-submit";
import { serverRules } from "../../rules/index.server";
import { giftOffer, profileContext, servicesContext, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/give";

export const middleware: Route.MiddlewareFunction[] = serverRules("gift");

export async function loader({ context }: Route.LoaderArgs) {
  // The rule has found a page a visitor can see, and a signed-in customer.
  const profile = context.get(profileContext);
  const viewer = context.get(viewerContext);
  if (!profile || !viewer) throw new Response("Not Found", { status: 404 });
  const { config, db } = context.get(servicesContext);
  const offer = await giftOffer(db, profile.id, viewer.id);
  return {
    id: profile.id,
    name: profile.content.displayName ?? "",
    email: viewer.email,
    ...offer,
    cardPayments: config.PAYMENT_PROVIDER !== "none",
    sandbox: config.PAYMENT_PROVIDER === "sandbox",
  };
}

const fields = ["cardNumber", "expiry", "cvc", "name", "giverName", "anonymous"] as const;
type GiftField = (typeof fields)[number];

export default function GiveTime({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { id, name, email, priceOre, until, refusal, cardPayments, sandbox } = loaderData;
  const [card, setCard] = useState<CardInput>(emptyCard);
  const [giverName, setGiverName] = useState("");
  const [anonymous, setAnonymous] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<CustomerOrder | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const form = useFormSubmit<GiftField>({
    fields,
    messages: { invalid_request: { ...cardFieldMessages, giverName: "profile.gift.errors.giverName" } },
    quietWhenExplained: true,
  });
  const price = formatMoney({ amountOre: priceOre, currency: "SEK" }, i18n.language);
  const pageName = name || t("profile.gift.thisPage");
  const untilDate = formatDate(until, i18n.language, "long");

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

  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => ({
        ...cardProblems(card),
        ...(giverName.length > giverNameMaxLength ? { giverName: "profile.gift.errors.giverName" } : {}),
      }),
      staysBusy: true,
      send: async () => {
        setFailure(null);
        const started = await api.post("/checkout/gift/card", {
          body: { profileId: id, anonymous, giverName: anonymous ? null : giverName.trim() || null },
          refresh: false,
        });
        if (started.next.kind === "redirect") {
          window.location.assign(started.next.url);
          return;
        }
        const paid = await api.post("/checkout/sandbox/pay", {
          body: { orderNumber: started.order.orderNumber, ...card },
        });
        settle(paid.order);
        if (paid.order.status !== "paid") form.check({});
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
      form.fail(caught);
      setConfirming(null);
    } finally {
      setConfirmBusy(false);
    }
  }

  const header = (
    <header className="flex flex-col gap-2">
      <p className="text-sm font-semibold uppercase tracking-[0.14em] text-muted">{t("profile.gift.call")}</p>
      <h1 className="text-balance text-3xl font-semibold">{t("profile.gift.heading", { name: pageName })}</h1>
      <p className="text-muted">{t("profile.gift.lead", { price })}</p>
    </header>
  );

  if (refusal || !cardPayments) {
    return (
      <article className="mx-auto flex max-w-xl flex-col gap-6">
        <title>{t("profile.gift.title")}</title>
        {header}
        <Alert
          tone="info"
          title={refusal ? t(`refusals.${refusal.code}`, refusal.params) : t("checkout.cardUnavailable")}
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
        <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
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

          <CardDetails
            sandbox={sandbox}
            failure={failure}
            failureRef={failureRef}
            form={form}
            card={card}
            onChange={setCard}
          />

          <section
            aria-labelledby="gift-summary"
            className="flex flex-col gap-1 rounded-[var(--radius-control)] border border-line bg-raised px-4 py-3"
          >
            <h2 id="gift-summary" className="font-semibold">
              {t("profile.gift.summaryHeading")}
            </h2>
            <p>{t("profile.gift.summary", { price, date: untilDate })}</p>
            <p className="text-sm text-muted">{t("profile.gift.notOwner")}</p>
          </section>

          <Button type="submit" busy={form.busy}>
            {form.busy ? t("checkout.paying") : t("profile.gift.pay", { amount: price })}
          </Button>
          <p className="text-sm text-muted">{t("checkout.secure")}</p>
        </form>
      )}
    </article>
  );
}
