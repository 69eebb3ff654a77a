// /admin/memories/reports: the memories visitors reported (ADR 026), open ones first; an admin hides
// the memory or keeps it (the server audits it, and answers the memory's other open reports with it).
// The view (?state=open|hidden|kept) lives in the address; each view shows its count.
import { useTranslation } from "../../lib/i18n";
import { redirect } from "react-router";
import { memoryReportsQuerySchema, type ReportState } from "../../../contract/memories";
import { AdminPageHeader } from "../../components/admin/admin-page-header";
import { ReportCard } from "../../components/admin/memory-reports/report-card";
import { ReportStateTabs } from "../../components/admin/memory-reports/state-tabs";
import { EmptyState, emptyIcons } from "../../components/empty-state";
import { memoryReportQueue, servicesContext, viewerContext } from "../../lib/services.server";
import type { Route } from "./+types/memory-reports";
import { Card } from "../../components/card";

const listHeadingId = "memory-reports-heading";

export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  // The admin rule of the layout has let only admins this far.
  if (!viewer) throw redirect("/login");
  // A view not understood is the queue itself rather than a failed page.
  const parsed = memoryReportsQuerySchema.safeParse({
    state: new URL(request.url).searchParams.get("state") ?? undefined,
  });
  const state: ReportState = (parsed.success ? parsed.data.state : undefined) ?? "open";
  const queue = await memoryReportQueue(context.get(servicesContext).db, { state }, viewer);
  return { state, ...queue };
}

export default function MemoryReports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, reports, counts } = loaderData;

  return (
    <div className="flex flex-col gap-6">
      <title>{t("adminMemories.title")}</title>
      <AdminPageHeader
        path="/admin/memories/reports"
        title={t("adminMemories.heading")}
        description={t("adminMemories.lead")}
      />
      <ReportStateTabs current={state} counts={counts} />
      <section aria-labelledby={listHeadingId} className="flex flex-col gap-4">
        {/* Focus comes here after a decision, when the decided report has left the list. */}
        <h2 id={listHeadingId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {t(`adminMemories.list.${state}`, { count: reports.length })}
        </h2>
        {reports.length === 0 ? (
          <Card>
            <EmptyState
              icon={emptyIcons.list}
              title={t(`adminMemories.empty.${state}`)}
              text={t(`adminMemories.emptyText.${state}`)}
            />
          </Card>
        ) : (
          <ul className="flex flex-col gap-4">
            {reports.map((report) => (
              <li key={report.id}>
                <ReportCard
                  report={report}
                  onDecided={() => document.getElementById(listHeadingId)?.focus()}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
