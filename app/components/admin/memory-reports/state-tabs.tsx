// The queue's three views (open, hidden, kept) as a row of links with their counts: each view has its
// own address (?state=), so it survives a reload and the back button; the current one is marked.
import { Link } from "react-router";
import type { ReportState } from "../../../../contract/memories";
import { useTranslation } from "../../../lib/i18n";
import { formatNumber } from "../../../lib/format";

/** The views in the order of the work: what waits first, then what was decided. */
const views: readonly ReportState[] = ["open", "hidden", "kept"];

/** The queue's address for a view: the open reports are the queue itself. */
export function reportsPath(state: ReportState): string {
  return state === "open" ? "/admin/memories/reports" : `/admin/memories/reports?state=${state}`;
}

export function ReportStateTabs({
  current,
  counts,
}: {
  current: ReportState;
  counts: Record<ReportState, number>;
}) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <nav aria-label={t("adminMemories.tabs.label")}>
      <ul className="flex flex-wrap gap-1 border-b border-line">
        {views.map((state) => {
          const selected = state === current;
          return (
            <li key={state}>
              <Link
                to={reportsPath(state)}
                aria-current={selected ? "page" : undefined}
                data-state={state}
                className={`-mb-px inline-flex min-h-11 items-center gap-2 rounded-t-[var(--radius-control)] border-b-2 px-4 py-2 text-sm font-semibold transition-colors ${
                  selected
                    ? "border-brand text-brand"
                    : "border-transparent text-muted hover:bg-brand-soft hover:text-ink"
                }`}
              >
                {t(`adminMemories.tabs.${state}`)}
                <span
                  className={`min-w-6 rounded-full px-2 text-center text-xs leading-5 tabular-nums ${
                    selected ? "bg-brand text-white" : "bg-surface text-ink"
                  }`}
                >
                  {number(counts[state])}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
