// The address PDF maker's three sources of addresses (pasted, a CSV file, the pages awaiting a plaque) as
// tabs: arrow keys move between them, as the ARIA tabs pattern says.
import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "../../../lib/i18n";

export type LabelSource = "paste" | "csv" | "awaiting";
const sources: LabelSource[] = ["paste", "csv", "awaiting"];

/** The three sources as tabs: arrow keys move between them, as the ARIA tabs pattern says. */
export function SourceTabs({
  value,
  onChange,
  children,
}: {
  value: LabelSource;
  onChange: (source: LabelSource) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const base = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = sources.indexOf(value);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % sources.length
        : event.key === "ArrowLeft"
          ? (index + sources.length - 1) % sources.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? sources.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    onChange(sources[next] ?? "paste");
    tabs.current[next]?.focus();
  }
  return (
    <div className="flex flex-col gap-4">
      <div
        role="tablist"
        aria-label={t("adminLabels.sources.label")}
        className="flex flex-wrap gap-1 border-b border-line"
        onKeyDown={onKeyDown}
      >
        {sources.map((each, index) => {
          const selected = each === value;
          return (
            <button
              key={each}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${base}-tab-${each}`}
              aria-selected={selected}
              aria-controls={`${base}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(each)}
              className={`-mb-px min-h-11 rounded-t-[var(--radius-control)] border-b-2 px-4 py-2 text-sm font-semibold transition-colors ${
                selected
                  ? "border-brand text-brand"
                  : "border-transparent text-muted hover:bg-brand-soft hover:text-ink"
              }`}
            >
              {t(`adminLabels.sources.${each}`)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${value}`}>
        {children}
      </div>
    </div>
  );
}
