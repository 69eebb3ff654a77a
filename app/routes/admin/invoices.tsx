// /admin/capway/invoices: every invoice, 25 a page, newest first (GET /api/admin/invoices), filtered by
// status, by due (overdue, due within 7 days) and by a customer search, with what the filter leaves
// outstanding. The filters live in the address, so a view can be shared and survives a reload. The
// loader reads the list the API answers (the same domain call), so the first paint has the rows.
import { useEffect, useState } from "react";
import { useTranslation } from "../../lib/i18n";
import { Link, useNavigate, useNavigation } from "react-router";
import {
  adminInvoiceListQuerySchema,
  invoiceDueFilters,
  invoiceStatuses,
  type AdminInvoiceList,
  type AdminInvoiceListQuery,
  type AdminInvoiceSummary,
} from "../../../contract/invoices";
import { ButtonLink } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { SelectField } from "../../components/select-field";
import { TextField } from "../../components/text-field";
import { invoiceDay, sek } from "../../components/admin/invoices/invoice-format";
import { InvoiceStatusPill } from "../../components/admin/invoices/invoice-status";
import { listInvoices, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/invoices";
import { cardClass } from "../../components/card";

type Filters = { status: string; due: string; customer: string; page: number };

/** The filters in an address; what is not understood is dropped rather than failing the page. */
function filtersOf(search: URLSearchParams): Filters {
  const raw = Object.fromEntries([...search].filter(([, value]) => value.trim() !== ""));
  let parsed = adminInvoiceListQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = adminInvoiceListQuerySchema.safeParse(raw);
  }
  const query = parsed.success ? parsed.data : { page: 1 };
  return {
    status: "status" in query ? (query.status ?? "") : "",
    due: "due" in query ? (query.due ?? "") : "",
    customer: "customer" in query ? (query.customer ?? "") : "",
    page: query.page,
  };
}

/** The address of a view: only what differs from the defaults. */
function searchOf(filters: Filters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.due) params.set("due", filters.due);
  if (filters.customer) params.set("customer", filters.customer);
  if (filters.page > 1) params.set("page", String(filters.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

const listPath = (filters: Filters) => `/admin/capway/invoices${searchOf(filters)}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = filtersOf(new URL(request.url).searchParams);
  const { db } = context.get(servicesContext);
  const list: AdminInvoiceList = await listInvoices(db, {
    status: (filters.status || undefined) as AdminInvoiceListQuery["status"],
    due: (filters.due || undefined) as AdminInvoiceListQuery["due"],
    customer: filters.customer || undefined,
    page: filters.page,
  });
  return { filters, list };
}

export default function InvoiceList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { filters, list } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/capway/invoices";
  const locale = i18n.language;
  const money = (ore: number) => sek(ore, locale);

  // The search is typed freely and sent a moment after the typing stops; the address follows.
  const [customer, setCustomer] = useState(filters.customer);
  const [seen, setSeen] = useState(filters.customer);
  if (filters.customer !== seen) {
    setSeen(filters.customer);
    setCustomer(filters.customer);
  }
  useEffect(() => {
    if (customer.trim() === filters.customer) return;
    const timer = setTimeout(() => {
      void navigate(listPath({ ...filters, customer: customer.trim(), page: 1 }), { replace: true });
    }, 350);
    return () => clearTimeout(timer);
  }, [customer, filters, navigate]);

  const go = (change: Partial<Filters>) => void navigate(listPath({ ...filters, page: 1, ...change }));
  const filtered = !!(filters.status || filters.due || filters.customer);

  const columns: Column<AdminInvoiceSummary>[] = [
    {
      key: "number",
      header: t("adminInvoices.number"),
      cell: (row) => (
        <Link
          to={`/admin/capway/invoices/${encodeURIComponent(row.id)}`}
          className="inline-flex min-h-11 items-center font-medium text-brand underline underline-offset-2 sm:min-h-0"
          aria-label={t("adminInvoices.list.open", { number: row.number })}
        >
          {row.number}
        </Link>
      ),
      wrap: "never",
    },
    {
      key: "customer",
      header: t("adminInvoices.customer"),
      cell: (row) => (
        <span className="flex flex-col">
          <span>{row.customerName}</span>
          <span className="text-xs text-muted [overflow-wrap:anywhere]">{row.customerEmail}</span>
        </span>
      ),
      className: "min-w-48",
    },
    {
      key: "page",
      header: t("adminInvoices.page"),
      cell: (row) =>
        row.profileId ? (
          <span className="font-mono">{row.profileId}</span>
        ) : (
          <span className="text-muted">{t("adminInvoices.none")}</span>
        ),
      wrap: "never",
    },
    {
      key: "issued",
      header: t("adminInvoices.issueDate"),
      cell: (row) => invoiceDay(row.issueDate, locale),
      wrap: "never",
    },
    {
      key: "due",
      header: t("adminInvoices.dueDate"),
      cell: (row) => invoiceDay(row.dueDate, locale),
      wrap: "never",
    },
    {
      key: "total",
      header: t("adminInvoices.total"),
      cell: (row) => money(row.totalOre),
      numeric: true,
      wrap: "never",
    },
    {
      key: "toPay",
      header: t("adminInvoices.toPay"),
      cell: (row) => money(row.toPayOre),
      numeric: true,
      wrap: "never",
    },
    {
      key: "status",
      header: t("adminInvoices.statusLabel"),
      cell: (row) => <InvoiceStatusPill status={row.status} creditNote={row.isCreditNote} />,
      wrap: "never",
    },
  ];

  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <div className="flex flex-col gap-6">
      <title>{t("adminInvoices.list.title")}</title>
      <AdminPageHeader
        path="/admin/capway/invoices"
        title={t("adminInvoices.list.heading")}
        description={t("adminInvoices.list.lead")}
        actions={
          <div className="flex flex-wrap gap-2">
            <ButtonLink to="/admin/capway/new-invoice">{t("adminInvoices.nav.new")}</ButtonLink>
            <ButtonLink to="/admin/capway/bgmax" variant="secondary">
              {t("adminInvoices.nav.bgmax")}
            </ButtonLink>
          </div>
        }
      />
      <form
        role="search"
        aria-label={t("adminInvoices.list.filters")}
        onSubmit={(event) => {
          event.preventDefault();
          go({ customer: customer.trim() });
        }}
        className={`grid gap-4 ${cardClass} p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[12rem_14rem_minmax(0,1fr)]`}
      >
        <SelectField
          label={t("adminInvoices.statusLabel")}
          name="status"
          value={filters.status}
          onChange={(event) => go({ status: event.target.value })}
          options={[
            { value: "", label: t("adminInvoices.list.anyStatus") },
            ...invoiceStatuses.map((status) => ({
              value: status,
              label: t(`adminInvoices.status.${status}`),
            })),
          ]}
        />
        <SelectField
          label={t("adminInvoices.list.due")}
          name="due"
          value={filters.due}
          onChange={(event) => go({ due: event.target.value })}
          options={[
            { value: "", label: t("adminInvoices.list.anyDue") },
            ...invoiceDueFilters.map((due) => ({
              value: due,
              label: t(`adminInvoices.list.dueFilter.${due}`),
            })),
          ]}
        />
        <TextField
          label={t("adminInvoices.list.search")}
          hint={t("adminInvoices.list.searchHint")}
          type="search"
          name="customer"
          autoComplete="off"
          value={customer}
          maxLength={200}
          onChange={(event) => setCustomer(event.target.value)}
          className="sm:col-span-2 lg:col-span-1"
        />
      </form>

      {
        <>
          <p className="text-sm tabular-nums" aria-live="polite">
            {t("adminInvoices.list.count", { count: list.total })}{" "}
            <strong data-testid="outstanding">
              {t("adminInvoices.list.outstanding", { amount: money(list.outstandingOre) })}
            </strong>
          </p>
          <DataTable
            caption={t("adminInvoices.list.caption")}
            columns={columns}
            rows={list.invoices}
            rowKey={(row) => row.id}
            loading={loading}
            empty={
              filtered ? (
                <EmptyState
                  icon={emptyIcons.search}
                  title={t("adminInvoices.list.emptyFiltered")}
                  text={t("adminInvoices.list.emptyFilteredText")}
                  action={
                    <ButtonLink to="/admin/capway/invoices" variant="secondary">
                      {t("adminInvoices.list.clear")}
                    </ButtonLink>
                  }
                />
              ) : (
                <EmptyState
                  icon={emptyIcons.list}
                  title={t("adminInvoices.list.empty")}
                  text={t("adminInvoices.list.emptyText")}
                  action={
                    <ButtonLink to="/admin/capway/new-invoice">{t("adminInvoices.nav.new")}</ButtonLink>
                  }
                />
              )
            }
          />
          {pages > 1 && (
            <nav aria-label={t("adminInvoices.list.pages")} className="flex flex-wrap items-center gap-3">
              {filters.page > 1 && (
                <ButtonLink to={listPath({ ...filters, page: filters.page - 1 })} variant="secondary">
                  {t("adminInvoices.list.previous")}
                </ButtonLink>
              )}
              <span className="text-sm tabular-nums">
                {t("adminInvoices.list.pageOf", { page: filters.page, pages })}
              </span>
              {filters.page < pages && (
                <ButtonLink to={listPath({ ...filters, page: filters.page + 1 })} variant="secondary">
                  {t("adminInvoices.list.next")}
                </ButtonLink>
              )}
            </nav>
          )}
        </>
      }
    </div>
  );
}
