// The customer's subscriptions on /account (decisions "Subscriptions a customer can trust"): for each
// page its plan, the next charge (date and amount) or the date it ends, a switch of plan waiting, the
// card, until when it can be withdrawn from, and what the customer can do (subscription-actions.tsx).
import { useTranslation } from "../../lib/i18n";
import { Link } from "react-router";
import type { CustomerSubscription } from "../../../contract/subscriptions";
import { isTermPlan, termYears } from "../../../contract/pricing";
import { Alert } from "../alert";
import { CardSection } from "../card";
import { StatePill } from "../state-pill";
import { formatDate } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { subscriptionTones } from "../../lib/order-states";
import { SubscriptionActions } from "./subscription-actions";

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
  const date = (iso: string) => formatDate(iso, i18n.language, "long");
  const money = (amountOre: number) => formatMoney({ amountOre, currency: "SEK" }, i18n.language);
  const name = subscription.pageName || subscription.profileId;
  const term = isTermPlan(subscription.plan) ? subscription.plan : null;
  // A prepaid term is one payment: its price is said once, not per period (ADR 041).
  const price = term
    ? money(subscription.priceOre)
    : t(`account.subscriptions.price.${subscription.interval}`, { amount: money(subscription.priceOre) });
  const { nextPlan } = subscription;

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
        {/* A term is named in its paid-until line below; here only what it cost. */}
        {term ? price : `${t(`account.subscriptions.plan.${subscription.plan}`)} · ${price}`}
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
      {term && subscription.paidUntil && (
        <p className="font-medium" data-testid="term-paid-until">
          {t("account.subscriptions.termPaidUntil", {
            date: date(subscription.paidUntil),
            years: termYears[term],
          })}
        </p>
      )}
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
      {nextPlan && subscription.nextCharge && (
        <p className="text-sm" data-testid="next-plan">
          {t("account.subscriptions.switching", {
            plan: t(`account.subscriptions.planInSentence.${nextPlan}`),
            date: date(subscription.nextCharge.at),
          })}
        </p>
      )}
      {subscription.cancelAtPeriodEnd && subscription.endsAt && (
        <p className="font-medium" data-testid="ends">
          {t(subscription.handedOver ? "account.subscriptions.handedOver" : "account.subscriptions.ends", {
            date: date(subscription.endsAt),
          })}
        </p>
      )}
      {/* A switch chosen before the cancel is kept: said, so a resume holds no surprise. */}
      {subscription.cancelAtPeriodEnd && !subscription.handedOver && nextPlan && subscription.endsAt && (
        <p className="text-sm text-muted" data-testid="next-plan">
          {t("account.subscriptions.switchingOnResume", {
            plan: t(`account.subscriptions.planInSentence.${nextPlan}`),
            date: date(subscription.endsAt),
          })}
        </p>
      )}
      {subscription.withdrawableUntil && (
        <p className="text-sm text-muted">
          {t("account.subscriptions.withdrawable", {
            date: date(subscription.withdrawableUntil),
            amount: money(subscription.priceOre),
          })}
        </p>
      )}
      <SubscriptionActions subscription={subscription} />
    </li>
  );
}
