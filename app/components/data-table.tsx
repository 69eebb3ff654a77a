// A table with a caption, column headers, an empty state and a loading state. Long cells wrap; a table
// still wider than its box scrolls sideways inside a focusable region named by the caption (so a
// keyboard can scroll it too), and then says so under it. Nothing is ever cut off.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { EmptyState } from "./empty-state";
import { Skeleton } from "./skeleton";
import { cardClass } from "./card";

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, with figures of one width. */
  numeric?: boolean;
  /**
   * How the column's text breaks: "wrap" (the default) at spaces, "anywhere" also inside long words
   * (e-mail addresses, links), "never" for short values that read badly broken (codes, badges).
   */
  wrap?: "wrap" | "anywhere" | "never";
  /** Extra classes for the column's cells and header, e.g. a minimum width for prose. */
  className?: string;
};

type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** Shown across the table when there are no rows: a text, or an EmptyState. */
  empty: ReactNode;
  /** Rows are on their way: placeholders instead of rows, and the region is busy. */
  loading?: boolean;
  /** How many placeholder rows while loading. */
  loadingRows?: number;
};

const wrapClass = {
  wrap: "break-words",
  anywhere: "[overflow-wrap:anywhere]",
  never: "whitespace-nowrap",
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  loading = false,
  loadingRows = 5,
}: DataTableProps<Row>) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  // Whether the table is wider than its box, kept up to date as the window or the rows change.
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);

  const cellClass = (column: Column<Row>) =>
    `${column.numeric ? "text-right tabular-nums" : ""} ${wrapClass[column.wrap ?? "wrap"]} ${column.className ?? ""}`;

  return (
    <div className="flex flex-col gap-1.5">
      <div
        ref={box}
        className={`overflow-x-auto ${cardClass}`}
        tabIndex={0}
        role="region"
        aria-label={caption}
        aria-busy={loading || undefined}
      >
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-brand-soft text-ink">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={`px-4 py-3 align-bottom font-semibold ${cellClass(column)}`}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading ? (
              Array.from({ length: loadingRows }, (_, index) => (
                <tr key={index} className="border-t border-line">
                  {columns.map((column) => (
                    <td key={column.key} className="px-4 py-3.5">
                      <Skeleton className={`h-4 ${column.numeric ? "ml-auto w-12" : "w-full max-w-40"}`} />
                    </td>
                  ))}
                </tr>
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="p-0">
                  {typeof empty === "string" ? <EmptyState title={empty} /> : empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="border-t border-line">
                  {columns.map((column) => (
                    <td key={column.key} className={`px-4 py-3 align-top ${cellClass(column)}`}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
        {loading && <span className="sr-only">{t("common.loading")}</span>}
      </div>
      {scrolls && (
        <p aria-hidden="true" className="text-xs text-muted">
          {t("table.scrollHint")}
        </p>
      )}
    </div>
  );
}
