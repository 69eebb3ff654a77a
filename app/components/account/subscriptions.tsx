// The customer's subscriptions on /account (decisions "Subscriptions a customer can trust"): for each
// page its plan, the next charge (date and amount) or the date it ends, the card, and a plainly
// labelled "Cancel subscription" with a confirmation step; a cancelled one can be resumed until it ends.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { subscriptionAnswerSchema, type CustomerSubscription } from "../../../contract/subscriptions";
import { Alert } from "../alert";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { CardSection } from "../facts";
import { StatePill } from "../state-pill";
import { useToast } from "../toast";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { subscriptionTones } from "../../lib/order-states";

export function Subscriptions({ subscriptions }: { subscriptions: CustomerSubscription[] }) {
  const { t } = useTranslation();
  return (
    <CardSection id="account-subscriptions" title={t("account.subscriptions.title")}>
      {subscriptions.length === 0 ? (
        <p className="text-muted">{t("account.subscriptions.none")}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line">
          {subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.profileId} subscription={subscription} />
          ))}
        </ul>
      )}
    </CardSection>
  );
}

function SubscriptionRow({ subscription }: { subscription: CustomerSubscription }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const name = subscription.pageName || subscription.profileId;
  const price = t(`account.subscriptions.price.${subscription.interval}`, {
    amount: money(subscription.priceOre),
  });

  async function act(what: "cancel" | "resume") {
    setBusy(true);
    setFailed(false);
    try {
      subscriptionAnswerSchema.parse(
        await api()(`/api/kammare/subscriptions/${what}`, {
          method: "POST",
          body: { profileId: subscription.profileId },
        }),
      );
      setConfirming(false);
      toast.show({ tone: "success", title: t(`account.subscriptions.${what}Done`, { name }) });
      await revalidator.revalidate();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" aria-label={name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to={`/k/${subscription.profileId}`} className="text-lg font-semibold text-brand underline">
          {name}
        </Link>
        <StatePill
          tone={subscription.cancelAtPeriodEnd ? "stopped" : subscriptionTones[subscription.status]}
          label={
            subscription.cancelAtPeriodEnd
              ? t("account.subscriptions.cancelled")
              : t(`account.subscriptions.status.${subscription.status}`)
          }
        />
      </div>
      <p>
        {t(`account.subscriptions.plan.${subscription.plan}`)} · {price}
        {subscription.cardLast4 && (
          <span className="text-muted">
            {" "}
            ·{" "}
            <span className="whitespace-nowrap">
              {t("account.subscriptions.card", { last4: subscription.cardLast4 })}
            </span>
          </span>
        )}
      </p>
      {subscription.trialEndsAt && !subscription.cancelAtPeriodEnd && (
        <p className="text-sm text-muted">
          {t("account.subscriptions.trial", { date: date(subscription.trialEndsAt) })}
        </p>
      )}
      {subscription.nextRetryAt && (
        <Alert
          tone="error"
          title={t("account.subscriptions.retry", { date: date(subscription.nextRetryAt) })}
        />
      )}
      {subscription.nextCharge && !subscription.nextRetryAt && (
        <p className="font-medium" data-testid="next-charge">
          {t("account.subscriptions.nextCharge", {
            date: date(subscription.nextCharge.at),
            amount: money(subscription.nextCharge.amountOre),
          })}
        </p>
      )}
      {subscription.cancelAtPeriodEnd && subscription.endsAt && (
        <p className="font-medium" data-testid="ends">
          {t("account.subscriptions.ends", { date: date(subscription.endsAt) })}
        </p>
      )}
      {failed && <Alert tone="error" title={t("account.subscriptions.failed")} />}
      <div className="flex flex-wrap gap-3">
        {subscription.cancelAtPeriodEnd ? (
          <Button variant="secondary" busy={busy} onClick={() => void act("resume")}>
            {t("account.subscriptions.resume")}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t("account.subscriptions.cancel")}
          </Button>
        )}
      </div>
      <Dialog
        open={confirming}
        title={t("account.subscriptions.confirmTitle", { name })}
        onClose={() => setConfirming(false)}
      >
        <p>
          {t("account.subscriptions.confirmBody", {
            date: subscription.nextCharge ? date(subscription.nextCharge.at) : "",
          })}
        </p>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t("account.subscriptions.keep")}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void act("cancel")}>
            {t("account.subscriptions.cancel")}
          </Button>
        </div>
      </Dialog>
    </li>
  );
}
