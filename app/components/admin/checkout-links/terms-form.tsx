// The terms of a checkout link for the chosen customer (which of their pages it pays for, price per
// period, how many periods, a free trial first, month or year; or a prepaid term of 10 or 25 years at
// the link's price, paid once: ADR 041), made into a link (POST
// /api/admin/checkout-session-link) and e-mailed to the customer unless the admin says not to; the
// link made, ready to copy, and where it was sent.
import { useEffect, useRef, useState, type FormEvent, type Ref } from "react";
import { useTranslation } from "../../../lib/i18n";
import type { MadeCheckoutLink } from "../../../../contract/admin-orders";
import { maxIterations, type CheckoutLinkInterval } from "../../../../contract/orders";
import { termPlans, type TermPlan } from "../../../../contract/pricing";
import { api } from "../../../lib/api";
import { formatDate } from "../../../lib/date-format";
import { formatMoney } from "../../../lib/format";
import { useFormSubmit } from "../../../lib/use-form-submit";
import { Button } from "../../button";
import { CheckboxField } from "../../checkbox-field";
import { FormAlert } from "../../form-alert";
import { MoneyField } from "../../money-field";
import { RadioGroup } from "../../radio-group";
import { SelectField } from "../../select-field";
import { TextField } from "../../text-field";
import { useToast } from "../../toast";
import { CardSection } from "../../card";
import type { FoundCustomer } from "./use-customer-lookup";

const intervals: CheckoutLinkInterval[] = ["month", "year"];
const minPriceOre = 100;
const maxPriceOre = 10_000_000;

/** The radio's value for "the customer chooses when they open it". */
const anyPage = "";

export function TermsForm({ customer }: { customer: FoundCustomer | null }) {
  const { t, i18n } = useTranslation();
  const [pageId, setPageId] = useState(customer?.chosenPageId ?? anyPage);
  const [emailCustomer, setEmailCustomer] = useState(true);
  const [price, setPrice] = useState<number | null>(null);
  const [priceProblem, setPriceProblem] = useState<string>();
  const [interval, setInterval] = useState<CheckoutLinkInterval>("month");
  const [iterations, setIterations] = useState("12");
  const [freeTrial, setFreeTrial] = useState(false);
  // What the link sells: periods (""), or a prepaid term paid once.
  const [term, setTerm] = useState<TermPlan | "">("");
  const [created, setCreated] = useState<MadeCheckoutLink | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  // A new link replaces nothing the admin typed; move them to it, once shown, so the copy button is at hand.
  useEffect(() => {
    if (created) resultRef.current?.focus();
  }, [created]);
  const form = useFormSubmit({
    fields: ["price", "iterations", "includesFreeTrial", "interval", "term", "customerId", "profileId"],
    quietWhenExplained: true,
    messages: {
      invalid_request: {
        price: "checkoutLinks.priceRequired",
        iterations: "checkoutLinks.iterationsInvalid",
      },
      not_found: { customerId: "checkoutLinks.customerNotFound" },
    },
  });

  if (!customer) {
    return (
      <section
        aria-labelledby="terms-heading"
        className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-dashed border-line p-5"
      >
        <h2 id="terms-heading" className="text-xl font-semibold text-muted">
          {t("checkoutLinks.termsHeading")}
        </h2>
        <p className="text-muted">{t("checkoutLinks.termsLocked")}</p>
      </section>
    );
  }
  const customerId = customer.user.id;
  const pages = customer.pages;

  function submit(event: FormEvent) {
    const count = Number(iterations);
    void form.submit(event, {
      check: () => ({
        price: priceProblem ?? (price === null ? "checkoutLinks.priceRequired" : undefined),
        iterations:
          term || (/^\d+$/.test(iterations.trim()) && count <= maxIterations)
            ? undefined
            : "checkoutLinks.iterationsInvalid",
      }),
      send: async () => {
        const answer = await api.post("/admin/checkout-session-link", {
          body: {
            customerId,
            price: price ?? Number.NaN,
            iterations: term ? 1 : count,
            includesFreeTrial: term ? false : freeTrial,
            interval,
            ...(term ? { term } : {}),
            ...(pageId ? { profileId: pageId } : {}),
            emailCustomer,
          },
        });
        setCreated(answer);
      },
    });
  }

  return (
    <CardSection id="terms-heading" title={t("checkoutLinks.termsHeading")}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div aria-live="polite">
          <FormAlert form={form} />
        </div>
        {pages.length > 0 ? (
          <RadioGroup
            label={t("checkoutLinks.page")}
            name="profileId"
            value={pageId}
            onChange={setPageId}
            options={[
              ...pages.map((page) => ({
                value: page.id,
                label: t("checkoutLinks.pageOption", {
                  name: page.name || t("checkoutLinks.unnamedPage"),
                  id: page.id,
                }),
                hint: t(`profileStatus.${page.status}`),
              })),
              { value: anyPage, label: t("checkoutLinks.anyPage"), hint: t("checkoutLinks.anyPageHint") },
            ]}
            error={form.message("profileId")}
          />
        ) : (
          <p className="text-sm text-muted">{t("checkoutLinks.noPages", { email: customer.user.email })}</p>
        )}
        <SelectField
          label={t("checkoutLinks.sells")}
          name="term"
          value={term}
          onChange={(event) => setTerm(event.target.value as TermPlan | "")}
          options={[
            { value: "", label: t("checkoutLinks.sellsPeriods") },
            ...termPlans.map((value) => ({ value, label: t(`checkoutLinks.sellsTerm.${value}`) })),
          ]}
          error={form.message("term")}
        />
        <MoneyField
          label={t(term ? "checkoutLinks.termPrice" : "checkoutLinks.price")}
          hint={t(term ? "checkoutLinks.termPriceHint" : "checkoutLinks.priceHint")}
          name="price"
          value={price}
          minOre={minPriceOre}
          maxOre={maxPriceOre}
          onChange={(ore, problem) => {
            setPrice(ore);
            setPriceProblem(problem && `money.${problem}`);
          }}
          error={form.message("price", {
            min: formatMoney({ amountOre: minPriceOre, currency: "SEK" }, i18n.language),
            max: formatMoney({ amountOre: maxPriceOre, currency: "SEK" }, i18n.language),
          })}
        />
        {!term && (
          <>
            <SelectField
              label={t("checkoutLinks.interval")}
              name="interval"
              value={interval}
              onChange={(event) => setInterval(event.target.value as CheckoutLinkInterval)}
              options={intervals.map((value) => ({
                value,
                label: t(value === "month" ? "checkoutLinks.intervalMonth" : "checkoutLinks.intervalYear"),
              }))}
              error={form.message("interval")}
            />
            <TextField
              label={t("checkoutLinks.iterations")}
              hint={t("checkoutLinks.iterationsHint")}
              name="iterations"
              type="number"
              inputMode="numeric"
              min={0}
              max={maxIterations}
              step={1}
              value={iterations}
              onChange={(event) => setIterations(event.target.value)}
              error={form.message("iterations")}
            />
            <CheckboxField
              label={t("checkoutLinks.freeTrial")}
              hint={t("checkoutLinks.freeTrialHint")}
              name="includesFreeTrial"
              checked={freeTrial}
              onChange={(event) => setFreeTrial(event.target.checked)}
              error={form.message("includesFreeTrial")}
            />
          </>
        )}
        <CheckboxField
          label={t("checkoutLinks.emailCustomer", { email: customer.user.email })}
          hint={t("checkoutLinks.emailCustomerHint")}
          name="emailCustomer"
          checked={emailCustomer}
          onChange={(event) => setEmailCustomer(event.target.checked)}
        />
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("checkoutLinks.creating") : t("checkoutLinks.create")}
          </Button>
        </div>
      </form>
      {created && <CreatedLink ref={resultRef} link={created} email={customer.user.email} />}
    </CardSection>
  );
}

function CreatedLink({
  link,
  email,
  ref,
}: {
  link: MadeCheckoutLink;
  email: string;
  ref: Ref<HTMLDivElement>;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(link.url);
      toast.show({ title: t("checkoutLinks.copied") });
    } catch {
      toast.show({ tone: "error", title: t("checkoutLinks.copyFailed") });
    }
  }
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="region"
      aria-labelledby="created-heading"
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-success/40 bg-success-soft p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-focus"
    >
      <h3 id="created-heading" className="text-lg font-semibold">
        {t("checkoutLinks.createdHeading")}
      </h3>
      <p className="text-sm">
        {t(link.emailedTo ? "checkoutLinks.sentLead" : "checkoutLinks.createdLead", {
          email: link.emailedTo ?? email,
          date: formatDate(link.expiresAt, i18n.language, "long"),
        })}
      </p>
      {link.profileId && (
        <p className="text-sm">{t("checkoutLinks.createdForPage", { id: link.profileId })}</p>
      )}
      <TextField
        label={t("checkoutLinks.urlLabel")}
        value={link.url}
        readOnly
        name="checkout-url"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button variant="secondary" onClick={() => void copy()}>
          {t("checkoutLinks.copy")}
        </Button>
      </div>
    </div>
  );
}
