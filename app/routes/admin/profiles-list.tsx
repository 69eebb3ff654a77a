// /admin/profiles/list: every profile, a page at a time (keyset cursor), filtered by status, searched by
// code or owner e-mail, in a chosen order. The state lives in the address, so a view can be shared.
import type { FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import {
  adminProfileListQuerySchema,
  profileSorts,
  profileStatuses,
  type AdminProfileRow,
} from "../../../contract/profiles";
import { Alert } from "../../components/alert";
import { Button, ButtonLink } from "../../components/button";
import { DataTable, type Column } from "../../components/data-table";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { SelectField } from "../../components/select-field";
import { StatusBadge } from "../../components/status-badge";
import { TextField } from "../../components/text-field";
import { formatDateTime } from "../../lib/date-format";
import { DomainError, listProfiles, servicesContext } from "../../lib/services.server";
import type { Route } from "./+types/profiles-list";
import { cardClass } from "../../components/card";

const defaultSort = "created_desc";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const raw = Object.fromEntries(
    [...new URL(request.url).searchParams].filter(([, value]) => value.trim() !== ""),
  );
  let parsed = adminProfileListQuerySchema.safeParse(raw);
  if (!parsed.success) {
    // A hand-edited address: drop what is not understood rather than fail the page.
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = adminProfileListQuerySchema.safeParse(raw);
  }
  const query = parsed.success ? parsed.data : adminProfileListQuerySchema.parse({});
  let staleCursor = false;
  let list;
  try {
    list = await listProfiles(db, query);
  } catch (error) {
    if (!(error instanceof DomainError) || !query.cursor) throw error;
    staleCursor = true;
    list = await listProfiles(db, { ...query, cursor: undefined });
  }
  return {
    list,
    query: {
      status: query.status ?? "",
      q: query.q ?? "",
      sort: query.sort,
      limit: query.limit,
      cursor: staleCursor ? "" : (query.cursor ?? ""),
    },
    staleCursor,
    statuses: profileStatuses,
    sorts: profileSorts,
  };
}

type Query = Route.ComponentProps["loaderData"]["query"];

/** The address of a view of the list: only what differs from the defaults. */
function listSearch(query: Query, cursor: string): string {
  const params = new URLSearchParams();
  if (query.status) params.set("status", query.status);
  if (query.q) params.set("q", query.q);
  if (query.sort !== defaultSort) params.set("sort", query.sort);
  if (query.limit !== 50) params.set("limit", String(query.limit));
  if (cursor) params.set("cursor", cursor);
  const search = params.toString();
  return search ? `?${search}` : "";
}

export default function ProfilesList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { list, query, staleCursor, statuses, sorts } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/admin/profiles/list";
  const filtered = !!(query.status || query.q);

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim();
    const search = listSearch(
      { ...query, status: value("status"), q: value("q"), sort: value("sort") as Query["sort"] },
      "",
    );
    void navigate(`/admin/profiles/list${search}`);
  }

  const columns: Column<AdminProfileRow>[] = [
    {
      key: "id",
      header: t("adminProfiles.columns.id"),
      cell: (row) => (
        <Link
          to={`/admin/profile-admin?id=${encodeURIComponent(row.id)}`}
          className="font-mono font-semibold text-brand underline underline-offset-2"
        >
          {row.id}
        </Link>
      ),
    },
    {
      key: "name",
      header: t("adminProfiles.columns.name"),
      cell: (row) => row.displayName ?? <span className="text-muted">{t("adminProfiles.noValue")}</span>,
    },
    {
      key: "status",
      header: t("adminProfiles.columns.status"),
      cell: (row) => <StatusBadge status={row.status} />,
      wrap: "never",
    },
    {
      key: "owner",
      header: t("adminProfiles.columns.owner"),
      cell: (row) => row.ownerEmail ?? <span className="text-muted">{t("adminProfiles.noValue")}</span>,
      wrap: "anywhere",
      className: "min-w-40",
    },
    {
      key: "created",
      header: t("adminProfiles.columns.created"),
      cell: (row) => <DateTime iso={row.createdAt} locale={i18n.language} />,
    },
    {
      key: "updated",
      header: t("adminProfiles.columns.updated"),
      cell: (row) => <DateTime iso={row.updatedAt} locale={i18n.language} />,
    },
  ];

  return (
    <section aria-labelledby="profiles-list-heading" className="flex flex-col gap-6">
      <title>{t("adminProfiles.list.title")}</title>
      <AdminPageHeader
        path="/admin/profiles/list"
        title={t("adminProfiles.list.heading")}
        titleId="profiles-list-heading"
        actions={
          <ButtonLink to="/admin/profiles/new" variant="secondary">
            {t("adminProfiles.nav.new")}
          </ButtonLink>
        }
      />

      <Form
        method="get"
        role="search"
        aria-label={t("adminProfiles.list.filters")}
        onSubmit={apply}
        // Fresh fields whenever the address changes (back, forward, a shared link).
        key={listSearch(query, "")}
        className={`grid gap-3 ${cardClass} p-4 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_1fr_auto] lg:items-end`}
      >
        <SelectField
          label={t("adminProfiles.list.status")}
          name="status"
          defaultValue={query.status}
          options={[
            { value: "", label: t("adminProfiles.list.allStatuses") },
            ...statuses.map((status) => ({ value: status, label: t(`profileStatus.${status}`) })),
          ]}
        />
        <TextField
          label={t("adminProfiles.list.search")}
          hint={t("adminProfiles.list.searchHint")}
          type="search"
          name="q"
          defaultValue={query.q}
          autoComplete="off"
          spellCheck={false}
          maxLength={254}
        />
        <SelectField
          label={t("adminProfiles.list.sort")}
          name="sort"
          defaultValue={query.sort}
          options={sorts.map((sort) => ({ value: sort, label: t(`adminProfiles.list.sorts.${sort}`) }))}
        />
        <div className="flex gap-2">
          <Button type="submit" busy={loading}>
            {t("adminProfiles.list.apply")}
          </Button>
          {(filtered || query.sort !== defaultSort) && (
            <ButtonLink to="/admin/profiles/list" variant="ghost">
              {t("adminProfiles.list.clear")}
            </ButtonLink>
          )}
        </div>
      </Form>

      {staleCursor && <Alert tone="info" title={t("adminProfiles.list.staleCursor")} />}

      <div className="flex flex-col gap-3">
        {/* Said once the new rows are in (the table itself is busy meanwhile, not read out row by row). */}
        <p role="status" className="text-sm text-muted">
          {loading
            ? t("common.loading")
            : t("adminProfiles.list.summary", {
                shown: list.profiles.length.toLocaleString(i18n.language),
                total: list.total.toLocaleString(i18n.language),
              })}
        </p>
        <DataTable
          caption={t("adminProfiles.list.caption")}
          columns={columns}
          rows={list.profiles}
          rowKey={(row) => row.id}
          loading={loading}
          loadingRows={Math.min(Math.max(list.profiles.length, 3), 10)}
          empty={
            filtered || query.cursor ? (
              <EmptyState
                icon={emptyIcons.search}
                title={t("adminProfiles.list.empty")}
                text={t("emptyState.profilesFiltered")}
                action={
                  <ButtonLink to="/admin/profiles/list" variant="secondary">
                    {t("adminProfiles.list.clear")}
                  </ButtonLink>
                }
              />
            ) : (
              <EmptyState
                icon={emptyIcons.list}
                title={t("adminProfiles.list.emptyAll")}
                text={t("emptyState.profilesNone")}
                action={
                  <ButtonLink to="/admin/profiles/new">{t("adminProfiles.list.createFirst")}</ButtonLink>
                }
              />
            )
          }
        />
      </div>

      {(query.cursor || list.nextCursor) && (
        <nav aria-label={t("adminProfiles.list.pages")} className="flex flex-wrap gap-3">
          {query.cursor && (
            <ButtonLink to={`/admin/profiles/list${listSearch(query, "")}`} variant="secondary">
              {t("adminProfiles.list.first")}
            </ButtonLink>
          )}
          {list.nextCursor && (
            <ButtonLink to={`/admin/profiles/list${listSearch(query, list.nextCursor)}`} variant="secondary">
              {t("adminProfiles.list.next")}
            </ButtonLink>
          )}
        </nav>
      )}
    </section>
  );
}

function DateTime({ iso, locale }: { iso: string; locale: string }) {
  return (
    <time dateTime={iso} className="whitespace-nowrap">
      {formatDateTime(iso, locale)}
    </time>
  );
}
