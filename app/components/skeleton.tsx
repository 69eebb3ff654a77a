// Grey placeholders in the shape of what is loading, so the page does not jump when it arrives. The
// region that is loading carries aria-busy (LoadingRegion); the placeholders themselves are hidden
// from screen readers, which hear one "Loading…" instead. The shimmer stops under reduced motion.
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";

export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`block rounded-[var(--radius-control)] bg-line/70 motion-safe:animate-pulse ${className}`}
    />
  );
}

/** Lines of text: the last one shorter, as a paragraph ends. */
export function SkeletonText({ lines = 3, className = "" }: { lines?: number; className?: string }) {
  return (
    <span aria-hidden="true" className={`flex flex-col gap-2 ${className}`}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className={`h-3.5 ${index === lines - 1 && lines > 1 ? "w-2/3" : "w-full"}`} />
      ))}
    </span>
  );
}

/**
 * A region that is busy while `loading`: aria-busy tells screen readers to wait for it, and they hear
 * "Loading…" once; the children (placeholders, or the old content dimmed) are what the eye sees.
 */
export function LoadingRegion({
  loading,
  label,
  className = "",
  children,
}: {
  loading: boolean;
  /** What is loading, for the region's name (e.g. the table's caption). */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div
      aria-busy={loading || undefined}
      aria-label={label}
      role={label ? "region" : undefined}
      className={className}
    >
      <span role="status" className="sr-only">
        {loading ? t("common.loading") : ""}
      </span>
      {children}
    </div>
  );
}
