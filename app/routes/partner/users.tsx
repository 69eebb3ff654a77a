// /partner/dashboard/users (rules `partner` and `partner-name`): the organisation's customers with
// their pages' status, trial end, paid-until, last payment and how many memories each page has (a
// count only); searched by e-mail or page code (the search and the page live in the address, so a view
// survives a reload) and exported as CSV. The loader reads the same list the API answers
// (GET /api/partner/users), so the first paint has the rows.
import { useTranslation } from "../../lib/i18n";
import { Link, redirect, useNavigation } from "react-router";
import {
  partnerUsersPageSizeDefault,
  partnerUsersQuerySchema,
  type PartnerUserRow,
} from "../../../contract/partners";
import { ButtonLink, buttonClass } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { PageHeader } from "../../components/page-header";
import { StatusBadge } from "../../components/status-badge";
import { TextField } from "../../components/text-field";
import { formatDate } from "../../lib/date-format";
import { apiHref } from "../../lib/api";
import { serverRules } from "../../rules/index.server";
import { viewerOrganisation } from "../../lib/partner-organisation.server";
import { partnerUsers, requireOrganisation, servicesContext, viewerContext } from "../../lib/services.server";
import { listPath, useListSearch } from "../../lib/list-search";
import type { Route } from "./+types/users";
import { cardClass } from "../../components/card";
import { formatNumber } from "../../lib/format";

export const middleware: Route.MiddlewareFunction[] = serverRules("partner", "partner-name");

const listRoot = "/partner/dashboard/users";

/** The CSV of the same search (a plain link: the session cookie goes with it). */
function csvPath(q: string): string {
  return apiHref("/partner/users.csv", { query: { q } });
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (!viewer) throw redirect("/partner/signin");
  const search = new URL(request.url).searchParams;
  // What is not understood in the address is dropped rather than failing the page.
  const parsed = partnerUsersQuerySchema.safeParse({
    q: search.get("q") ?? undefined,
    page: search.get("page") ?? undefined,
  });
  const query = parsed.success
    ? parsed.data
    : { q: undefined, page: 1, pageSize: partnerUsersPageSizeDefault };
  const { db } = context.get(servicesContext);
  // The rule `partner-name` has looked it up already; an account without one is refused as the API does.
  const organisation = (await viewerOrganisation(context)) ?? (await requireOrganisation(db, viewer.id));
  const list = await partnerUsers(db, organisation.id, query);
  return { view: { q: query.q ?? "", page: query.page }, list, organisation: organisation.name ?? "" };
}

export default function PartnerUsers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { view, list, organisation } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === listRoot;
  const locale = i18n.language;
  const day = (iso: string | null) => (iso ? formatDate(iso, locale) : "–");

  // The search is typed freely and sent a moment after the typing stops; the address follows.
  const search = useListSearch(listRoot, view);
  const { q, setQ } = search;

  const columns: Column<PartnerUserRow>[] = [
    {
      key: "email",
      header: t("partner.users.email"),
      cell: (row) => row.email,
      wrap: "anywhere",
      className: "min-w-56",
    },
    {
      key: "page",
      header: t("partner.users.page"),
      // The page's name first, its code under it.
      cell: (row) =>
        row.profileId ? (
          <span className="flex flex-col">
            <Link to={`/k/${encodeURIComponent(row.profileId)}`} className="font-medium text-brand underline">
              {row.pageName ?? t("partner.users.pageUnnamed")}
            </Link>
            <span className="font-mono text-xs text-muted">{row.profileId}</span>
          </span>
        ) : (
          <span className="text-muted">{t("partner.users.noPage")}</span>
        ),
      className: "min-w-40",
    },
    {
      key: "source",
      header: t("partner.users.source"),
      cell: (row) =>
        row.source === null ? (
          <span className="text-muted">–</span>
        ) : row.source === "made" ? (
          t("partner.users.sourceMade")
        ) : (
          t("partner.users.sourceReferral")
        ),
      wrap: "never",
    },
    {
      key: "status",
      header: t("partner.users.status"),
      cell: (row) =>
        row.status ? <StatusBadge status={row.status} /> : <span className="text-muted">–</span>,
      wrap: "never",
    },
    {
      key: "trial",
      header: t("partner.users.trialEnds"),
      cell: (row) => day(row.trialEndsAt),
      wrap: "never",
    },
    { key: "paid", header: t("partner.users.paidUntil"), cell: (row) => day(row.paidUntil), wrap: "never" },
    {
      key: "payment",
      header: t("partner.users.lastPayment"),
      cell: (row) => day(row.lastPaymentAt),
      wrap: "never",
    },
    {
      key: "memories",
      header: t("partner.users.memories"),
      cell: (row) =>
        row.memories === null ? <span className="text-muted">–</span> : formatNumber(row.memories, locale),
      numeric: true,
      wrap: "never",
    },
    {
      key: "signedUp",
      header: t("partner.users.signedUp"),
      cell: (row) => day(row.signedUpAt),
      wrap: "never",
    },
  ];

  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));

  return (
    <div className="flex flex-col gap-6">
      <title>{t("partner.users.title")}</title>
      <PageHeader
        title={t("partner.users.heading")}
        description={t("partner.users.lead", { organisation })}
        breadcrumbs={[
          { label: t("partner.nav.dashboard"), to: "/partner/dashboard" },
          { label: t("partner.users.heading") },
        ]}
        actions={
          <a href={csvPath(view.q)} className={buttonClass("secondary")} download>
            {t("partner.users.export")}
          </a>
        }
      />
      <form
        role="search"
        aria-label={t("partner.users.searchLabel")}
        onSubmit={(event) => {
          event.preventDefault();
          search.submit();
        }}
        className={`${cardClass} p-4`}
      >
        <TextField
          label={t("partner.users.search")}
          hint={t("partner.users.searchHint")}
          type="search"
          name="q"
          autoComplete="off"
          value={q}
          maxLength={254}
          onChange={(event) => setQ(event.target.value)}
        />
      </form>
      <p className="text-sm tabular-nums" aria-live="polite" data-testid="users-count">
        {t("partner.users.count", { count: list.total })}
      </p>
      <DataTable
        caption={t("partner.users.caption")}
        columns={columns}
        rows={list.rows}
        rowKey={(row) => `${row.userId}:${row.profileId ?? ""}`}
        loading={loading}
        empty={
          view.q ? (
            <EmptyState
              icon={emptyIcons.search}
              title={t("partner.users.emptySearch")}
              text={t("partner.users.emptySearchText")}
              action={
                <ButtonLink to={listRoot} variant="secondary">
                  {t("partner.users.clear")}
                </ButtonLink>
              }
            />
          ) : (
            <EmptyState
              icon={emptyIcons.list}
              title={t("partner.users.empty")}
              text={t("partner.users.emptyText")}
              action={<ButtonLink to="/partner/dashboard">{t("partner.users.toLink")}</ButtonLink>}
            />
          )
        }
      />
      {pages > 1 && (
        <nav aria-label={t("partner.users.pages")} className="flex flex-wrap items-center gap-3">
          {view.page > 1 && (
            <ButtonLink to={listPath(listRoot, { ...view, page: view.page - 1 })} variant="secondary">
              {t("partner.users.previous")}
            </ButtonLink>
          )}
          <span className="text-sm tabular-nums">
            {t("partner.users.pageOf", { page: view.page, pages })}
          </span>
          {view.page < pages && (
            <ButtonLink to={listPath(listRoot, { ...view, page: view.page + 1 })} variant="secondary">
              {t("partner.users.next")}
            </ButtonLink>
          )}
        </nav>
      )}
    </div>
  );
}
