// /admin/checkout-link: terms of the admin's own for one customer (price per period, how many
// periods, a free trial first, month or year), made into a lasting link the customer opens to pay
// (POST /api/admin/checkout-session-link); the links made so far, with what became of each, and
// revoking one (POST /api/admin/checkout-links/{id}/revoke). The customer is found by e-mail through
// the admin's user lookup (POST /api/admin/user-fetch).
import { useRef, useState, type FormEvent, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import {
  checkoutLinkLifetimeDays,
  checkoutLinkListQuerySchema,
  type CheckoutLink,
  type CreatedCheckoutLink,
} from "../../../contract/admin-orders";
import type { AdminUser } from "../../../contract/auth";
import { maxIterations, type CheckoutLinkInterval } from "../../../contract/orders";
import { Alert } from "../../components/alert";
import { Button } from "../../components/button";
import { CheckboxField } from "../../components/checkbox-field";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { FormAlert } from "../../components/form-alert";
import { MoneyField } from "../../components/money-field";
import { AdminPageHeader } from "../../components/page-header";
import { SelectField } from "../../components/select-field";
import { StatePill } from "../../components/state-pill";
import { TextField } from "../../components/text-field";
import { useToast } from "../../components/toast";
import { api } from "../../lib/api";
import { formatDate, formatDateTime } from "../../lib/date-format";
import { formatMoney } from "../../lib/format";
import { checkoutLinkTones } from "../../lib/order-states";
import { useFormSubmit } from "../../lib/use-form-submit";
import { useUserLookup } from "../../lib/use-user-lookup";
import { listCheckoutLinks, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/checkout-link";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const asked = checkoutLinkListQuerySchema.safeParse({
    page: new URL(request.url).searchParams.get("page") ?? undefined,
  });
  const query = asked.success ? asked.data : { page: 1 };
  return listCheckoutLinks(services.db, query, services.config.publicUrl);
}

export default function CheckoutLinks({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [customer, setCustomer] = useState<AdminUser | null>(null);
  return (
    <div className="flex flex-col gap-10">
      <title>{t("checkoutLinks.title")}</title>
      <AdminPageHeader
        path="/admin/checkout-link"
        title={t("checkoutLinks.heading")}
        description={t("checkoutLinks.lead", { days: checkoutLinkLifetimeDays })}
      />
      <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
        <CustomerFinder customer={customer} onChosen={setCustomer} />
        <TermsForm key={customer?.id ?? "none"} customer={customer} />
      </div>
      <LinkList list={loaderData} />
    </div>
  );
}

function CustomerFinder({
  customer,
  onChosen,
}: {
  customer: AdminUser | null;
  onChosen: (user: AdminUser | null) => void;
}) {
  const { t } = useTranslation();
  const { email, setEmail, emailError, state, find } = useUserLookup(onChosen);

  return (
    <section
      aria-labelledby="customer-heading"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-5"
    >
      <h2 id="customer-heading" className="text-xl font-semibold">
        {t("checkoutLinks.customerHeading")}
      </h2>
      <form noValidate role="search" onSubmit={(event) => void find(event)} className="flex flex-col gap-3">
        <TextField
          label={t("auth.email")}
          type="email"
          name="customer-email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError && t(emailError)}
        />
        <div>
          <Button type="submit" variant="secondary" busy={state === "busy"}>
            {state === "busy" ? t("checkoutLinks.finding") : t("checkoutLinks.findCustomer")}
          </Button>
        </div>
      </form>
      <div aria-live="polite">
        {state === "not-found" && <Alert tone="info" title={t("checkoutLinks.customerNotFound")} />}
        {state === "failed" && <Alert tone="error" title={t("auth.error")} />}
        {customer && (
          <Alert tone="success" title={t("checkoutLinks.customerChosen", { email: customer.email })}>
            <code className="break-all font-mono text-xs">{customer.id}</code>
          </Alert>
        )}
      </div>
    </section>
  );
}

const intervals: CheckoutLinkInterval[] = ["month", "year"];
const minPriceOre = 100;
const maxPriceOre = 10_000_000;

function TermsForm({ customer }: { customer: AdminUser | null }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [price, setPrice] = useState<number | null>(null);
  const [priceProblem, setPriceProblem] = useState<string>();
  const [interval, setInterval] = useState<CheckoutLinkInterval>("month");
  const [iterations, setIterations] = useState("12");
  const [freeTrial, setFreeTrial] = useState(false);
  const [created, setCreated] = useState<CreatedCheckoutLink | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const form = useFormSubmit({
    fields: ["price", "iterations", "includesFreeTrial", "interval", "customerId"],
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
  const customerId = customer.id;

  function submit(event: FormEvent) {
    const count = Number(iterations);
    void form.submit(event, {
      check: () => ({
        price: priceProblem ?? (price === null ? "checkoutLinks.priceRequired" : undefined),
        iterations:
          /^\d+$/.test(iterations.trim()) && count <= maxIterations
            ? undefined
            : "checkoutLinks.iterationsInvalid",
      }),
      send: async () => {
        const { createdCheckoutLinkSchema } = await import("../../../contract/admin-orders");
        const answer = await api()("/api/admin/checkout-session-link", {
          method: "POST",
          body: { customerId, price, iterations: count, includesFreeTrial: freeTrial, interval },
        });
        setCreated(createdCheckoutLinkSchema.parse(answer));
      },
      onDone: async () => {
        await revalidator.revalidate();
        // The result replaces nothing the admin typed; move them to it so the copy button is at hand.
        requestAnimationFrame(() => resultRef.current?.focus());
      },
    });
  }

  return (
    <section
      aria-labelledby="terms-heading"
      className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-line bg-raised p-5"
    >
      <h2 id="terms-heading" className="text-xl font-semibold">
        {t("checkoutLinks.termsHeading")}
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div aria-live="polite">
          <FormAlert form={form} />
        </div>
        <MoneyField
          label={t("checkoutLinks.price")}
          hint={t("checkoutLinks.priceHint")}
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
        <div>
          <Button type="submit" busy={form.busy}>
            {form.busy ? t("checkoutLinks.creating") : t("checkoutLinks.create")}
          </Button>
        </div>
      </form>
      {created && <CreatedLink ref={resultRef} link={created} email={customer.email} />}
    </section>
  );
}

function CreatedLink({
  link,
  email,
  ref,
}: {
  link: CreatedCheckoutLink;
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
        {t("checkoutLinks.createdLead", { email, date: formatDate(link.expiresAt, i18n.language, "long") })}
      </p>
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

function LinkList({ list }: { list: Route.ComponentProps["loaderData"] }) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const toast = useToast();
  const [revoking, setRevoking] = useState<string | null>(null);
  const locale = i18n.language;
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  async function revoke(link: CheckoutLink) {
    setRevoking(link.id);
    try {
      await api()(`/api/admin/checkout-links/${link.id}/revoke`, { method: "POST" });
      await revalidator.revalidate();
      toast.show({ title: t("checkoutLinks.revoked") });
    } catch {
      toast.show({ tone: "error", title: t("checkoutLinks.revokeFailed") });
    } finally {
      setRevoking(null);
    }
  }

  const columns: Column<CheckoutLink>[] = [
    {
      key: "customer",
      header: t("checkoutLinks.columns.customer"),
      cell: (row) => row.customerEmail,
      wrap: "anywhere",
      // An address needs room for a word or two per line; below that it breaks letter by letter.
      className: "min-w-48",
    },
    {
      key: "terms",
      header: t("checkoutLinks.columns.terms"),
      className: "min-w-44",
      cell: (row) => (
        <span className="tabular-nums">
          {t("checkoutLinks.termsText", {
            price: formatMoney({ amountOre: row.price, currency: "SEK" }, locale),
            interval: t(`adminOrders.intervals.${row.interval}`),
          })}
          <br />
          <span className="text-muted">
            {row.iterations === 0
              ? t("checkoutLinks.termsUntilCancelled")
              : t("checkoutLinks.termsPeriods", { count: row.iterations })}
          </span>
        </span>
      ),
    },
    {
      key: "trial",
      header: t("checkoutLinks.columns.trial"),
      cell: (row) => (row.includesFreeTrial ? t("checkoutLinks.yes") : t("checkoutLinks.no")),
      wrap: "never",
    },
    {
      key: "status",
      header: t("checkoutLinks.columns.status"),
      wrap: "never",
      cell: (row) => (
        <StatePill
          state={row.status}
          tone={checkoutLinkTones[row.status]}
          label={t(`checkoutLinks.status.${row.status}`)}
        />
      ),
    },
    {
      key: "created",
      header: t("checkoutLinks.columns.created"),
      wrap: "never",
      cell: (row) => <time dateTime={row.createdAt}>{formatDateTime(row.createdAt, locale)}</time>,
    },
    {
      key: "expires",
      header: t("checkoutLinks.columns.expires"),
      wrap: "never",
      cell: (row) => <time dateTime={row.expiresAt}>{formatDate(row.expiresAt, locale)}</time>,
    },
    {
      key: "actions",
      header: t("checkoutLinks.columns.actions"),
      wrap: "never",
      cell: (row) =>
        row.status === "active" ? (
          <Button
            variant="secondary"
            busy={revoking === row.id}
            aria-label={t("checkoutLinks.revokeLabel", {
              email: row.customerEmail,
              date: formatDateTime(row.createdAt, locale),
            })}
            onClick={() => void revoke(row)}
          >
            {t("checkoutLinks.revoke")}
          </Button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby="links-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="links-heading" className="text-xl font-semibold">
        {t("checkoutLinks.listHeading")}
      </h2>
      <DataTable
        caption={t("checkoutLinks.listCaption")}
        columns={columns}
        rows={list.links}
        rowKey={(row) => row.id}
        empty={
          <EmptyState
            icon={emptyIcons.list}
            title={t("checkoutLinks.empty")}
            text={t("checkoutLinks.emptyText")}
          />
        }
      />
      {pages > 1 && (
        <nav aria-label={t("checkoutLinks.listHeading")} className="flex flex-wrap items-center gap-4">
          {list.page > 1 && (
            <Link
              className="inline-flex min-h-11 items-center text-brand underline"
              to={`?page=${list.page - 1}`}
            >
              {t("checkoutLinks.previous")}
            </Link>
          )}
          <span className="text-muted">{t("checkoutLinks.pageOf", { page: list.page, pages })}</span>
          {list.page < pages && (
            <Link
              className="inline-flex min-h-11 items-center text-brand underline"
              to={`?page=${list.page + 1}`}
            >
              {t("checkoutLinks.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
