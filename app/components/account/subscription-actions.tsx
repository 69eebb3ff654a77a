// What a customer does with one subscription on /account, each behind a confirmation that says
// plainly what happens (decisions "Subscriptions a customer can trust"): cancel at the period's end
// or resume, switch monthly/yearly from the next period (or keep the plan), change the card (our own
// form for the sandbox, the provider's page for Stripe), and withdraw within 14 days for a refund.
import { useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import type { CustomerSubscription } from "../../../contract/subscriptions";
import { isTermPlan, plans } from "../../../contract/pricing";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { useFormSubmit } from "../../lib/use-form-submit";
import { Button } from "../button";
import {
  CardFields,
  cardFieldMessages,
  cardProblems,
  emptyCard,
  type CardInput,
  type CardInputField,
} from "../checkout/card-fields";
import { Dialog } from "../dialog";
import { FailureAlert, FormAlert } from "../form-alert";
import { failureOf, type Failure } from "../../lib/failure";
import { useToast } from "../toast";

type Open = "cancel" | "switch" | "card" | "withdraw" | null;
type Action = "cancel" | "resume" | "switch" | "withdraw";

export function SubscriptionActions({ subscription }: { subscription: CustomerSubscription }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState<Open>(null);
  const [busy, setBusy] = useState<Action | "card-page" | null>(null);
  const [failed, setFailed] = useState<Failure | null>(null);
  const date = (iso: string | null) => (iso ? formatDate(iso, i18n.language, "long") : "");
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const name = subscription.pageName || subscription.profileId;
  const { plan, nextPlan } = subscription;
  const switchable = plan === "monthly" || plan === "yearly";
  const term = isTermPlan(plan);
  const other = plan === "monthly" ? "yearly" : "monthly";
  const periodEnd = subscription.trialEndsAt ?? subscription.paidUntil;

  async function act(what: Action, body: { plan?: string } = {}, done: string = `${what}Done`) {
    setBusy(what);
    setFailed(null);
    try {
      await api.post(`/kammare/subscriptions/${what}` as const, {
        body: { profileId: subscription.profileId, ...body },
      });
      setOpen(null);
      toast.show({
        tone: "success",
        title: t(`account.subscriptions.${done}`, {
          name,
          plan: t(`account.subscriptions.planInSentence.${body.plan ?? plan}`),
          amount: money(subscription.priceOre),
        }),
      });
    } catch (caught) {
      setFailed(failureOf(caught));
    } finally {
      setBusy(null);
    }
  }

  async function changeCard() {
    if (subscription.cardUpdate === "form") {
      setOpen("card");
      return;
    }
    setBusy("card-page");
    setFailed(null);
    try {
      const { url } = await api.post("/kammare/subscriptions/card-page", {
        body: { profileId: subscription.profileId },
        refresh: false, // the provider's card page is next
      });
      window.location.assign(url);
    } catch (caught) {
      setFailed(failureOf(caught));
      setBusy(null);
    }
  }

  const close = () => {
    setOpen(null);
    setFailed(null);
  };

  return (
    <>
      {failed && !open && <FailureAlert failure={failed} title={t("account.subscriptions.failed")} />}
      <div className="flex flex-wrap gap-3">
        {subscription.cancelAtPeriodEnd ? (
          // A page handed over is the new owner's to pay for: its old plan only runs out.
          !subscription.handedOver && (
            <Button variant="secondary" busy={busy === "resume"} onClick={() => void act("resume")}>
              {t("account.subscriptions.resume")}
            </Button>
          )
        ) : (
          <>
            {switchable && nextPlan && (
              <Button
                variant="secondary"
                busy={busy === "switch"}
                onClick={() => void act("switch", { plan }, "keepDone")}
              >
                {t("account.subscriptions.keepPlan", {
                  plan: t(`account.subscriptions.planInSentence.${plan}`),
                })}
              </Button>
            )}
            {switchable && !nextPlan && (
              <Button variant="secondary" onClick={() => setOpen("switch")}>
                {t(`account.subscriptions.switchTo.${other}`)}
              </Button>
            )}
            {subscription.cardUpdate !== "none" && (
              <Button variant="secondary" busy={busy === "card-page"} onClick={() => void changeCard()}>
                {t("account.subscriptions.changeCard")}
              </Button>
            )}
            {/* A prepaid term is paid once: nothing to cancel (ADR 041). */}
            {!term && (
              <Button variant="secondary" onClick={() => setOpen("cancel")}>
                {t("account.subscriptions.cancel")}
              </Button>
            )}
          </>
        )}
        {subscription.withdrawableUntil && (
          <Button variant="ghost" onClick={() => setOpen("withdraw")}>
            {t("account.subscriptions.withdraw")}
          </Button>
        )}
      </div>

      <Dialog
        open={open === "cancel"}
        title={t("account.subscriptions.confirmTitle", { name })}
        onClose={close}
      >
        <p>
          {t("account.subscriptions.confirmBody", {
            date: date(subscription.nextCharge?.at ?? subscription.endsAt),
          })}
        </p>
        <DialogFailure failed={failed} />
        <DialogButtons
          keep={t("account.subscriptions.keep")}
          onKeep={close}
          confirm={t("account.subscriptions.cancel")}
          danger
          busy={busy === "cancel"}
          onConfirm={() => void act("cancel")}
        />
      </Dialog>

      {switchable && (
        <Dialog
          open={open === "switch"}
          title={t(`account.subscriptions.switchTitle.${other}`, { name })}
          onClose={close}
        >
          <p>
            {t("account.subscriptions.switchBody", {
              date: date(periodEnd),
              price: t(`account.subscriptions.price.${plans[other].interval}`, {
                amount: money(plans[other].price.amountOre),
              }),
            })}
          </p>
          <DialogFailure failed={failed} />
          <DialogButtons
            keep={t("account.subscriptions.keepPlan", {
              plan: t(`account.subscriptions.planInSentence.${plan}`),
            })}
            onKeep={close}
            confirm={t(`account.subscriptions.switchTo.${other}`)}
            busy={busy === "switch"}
            onConfirm={() => void act("switch", { plan: other })}
          />
        </Dialog>
      )}

      {subscription.withdrawableUntil && (
        <Dialog
          open={open === "withdraw"}
          title={t("account.subscriptions.withdrawTitle", { name })}
          onClose={close}
        >
          <p>
            {t("account.subscriptions.withdrawBody", {
              amount: money(subscription.priceOre),
              date: date(subscription.withdrawableUntil),
            })}
          </p>
          <DialogFailure failed={failed} />
          <DialogButtons
            keep={t("account.subscriptions.keep")}
            onKeep={close}
            confirm={t("account.subscriptions.withdrawConfirm", { amount: money(subscription.priceOre) })}
            danger
            busy={busy === "withdraw"}
            onConfirm={() => void act("withdraw")}
          />
        </Dialog>
      )}

      {subscription.cardUpdate === "form" && (
        <Dialog open={open === "card"} title={t("account.subscriptions.cardTitle", { name })} onClose={close}>
          <NewCardForm
            subscription={subscription}
            onCancel={close}
            onSaved={async (updated) => {
              setOpen(null);
              toast.show({
                tone: updated.nextRetryAt ? "error" : "success",
                title: updated.nextRetryAt
                  ? t("account.subscriptions.cardSavedStillFailing")
                  : t("account.subscriptions.cardDone", { last4: updated.cardLast4 ?? "" }),
              });
            }}
          />
        </Dialog>
      )}
    </>
  );
}

function DialogFailure({ failed }: { failed: Failure | null }) {
  const { t } = useTranslation();
  return failed ? (
    <div className="mt-3">
      <FailureAlert failure={failed} title={t("account.subscriptions.failed")} />
    </div>
  ) : null;
}

function DialogButtons(props: {
  keep: string;
  onKeep: () => void;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  onConfirm: () => void;
}) {
  return (
    <div className="mt-5 flex flex-wrap justify-end gap-3">
      <Button variant="secondary" onClick={props.onKeep}>
        {props.keep}
      </Button>
      <Button variant={props.danger ? "danger" : "primary"} busy={props.busy} onClick={props.onConfirm}>
        {props.confirm}
      </Button>
    </div>
  );
}

/** The sandbox's new card: the checkout's fields and checks; a failing subscription is charged with it. */
function NewCardForm({
  subscription,
  onCancel,
  onSaved,
}: {
  subscription: CustomerSubscription;
  onCancel: () => void;
  onSaved: (updated: CustomerSubscription) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState<CardInput>(emptyCard);
  const form = useFormSubmit<CardInputField>({
    fields: ["cardNumber", "expiry", "cvc", "name"],
    messages: {
      invalid_request: cardFieldMessages,
      card_declined: { cardNumber: "checkout.failure.card_declined" },
    },
    quietWhenExplained: true,
  });
  const submit = (event: FormEvent) =>
    form.submit(event, {
      check: () => cardProblems(card),
      send: async () => {
        const { subscription: updated } = await api.post("/kammare/subscriptions/card", {
          body: { profileId: subscription.profileId, ...card },
        });
        await onSaved(updated);
      },
    });
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="rounded-[var(--radius-control)] border border-line bg-info-soft px-4 py-3 text-sm">
        {t("checkout.sandboxNote")}
      </p>
      {subscription.nextRetryAt && <p>{t("account.subscriptions.cardRetryNow")}</p>}
      <FormAlert form={form} />
      <CardFields card={card} onChange={setCard} message={form.message} />
      <div className="mt-1 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onCancel}>
          {t("account.subscriptions.keep")}
        </Button>
        <Button type="submit" busy={form.busy}>
          {t("account.subscriptions.saveCard")}
        </Button>
      </div>
    </form>
  );
}
