// The moderation screen's filter: Waiting, Shown, Hidden, each with its count. Links (?state=…), so
// the list is the loader's and each state has an address; the current one is marked for screen readers.
import { Link } from "react-router";
import type { MemoryState } from "../../../../contract/memories";
import { useTranslation } from "../../../lib/i18n";

export const moderationFilters = ["pending", "shown", "hidden"] as const;
export type ModerationFilter = (typeof moderationFilters)[number];

export function isModerationFilter(value: string | null): value is ModerationFilter {
  return moderationFilters.some((filter) => filter === value);
}

export function StateFilter({
  current,
  counts,
}: {
  current: ModerationFilter;
  counts: Partial<Record<MemoryState, number>>;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("memoryModeration.filter.label")}>
      <ul className="grid grid-cols-3 gap-1 rounded-[var(--radius-control)] border border-line bg-raised p-1 sm:inline-grid">
        {moderationFilters.map((filter) => {
          const selected = filter === current;
          const count = counts[filter] ?? 0;
          return (
            <li key={filter} className="min-w-0">
              <Link
                to={{ search: `?state=${filter}` }}
                preventScrollReset
                aria-current={selected ? "page" : undefined}
                data-state={filter}
                className={`flex min-h-11 items-center justify-center gap-2 rounded-[calc(var(--radius-control)-2px)] px-3 text-sm font-semibold transition-colors sm:px-4 ${
                  selected ? "bg-brand text-white" : "text-ink hover:bg-brand-soft"
                }`}
              >
                <span className="truncate">{t(`memoryModeration.filter.${filter}`)}</span>{" "}
                <span
                  className={`min-w-6 rounded-full px-1.5 text-center text-xs tabular-nums leading-5 ${
                    selected ? "bg-white/20 text-white" : "bg-brand-soft text-brand"
                  }`}
                >
                  {count}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
