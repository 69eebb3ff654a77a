// What a list or screen shows when there is nothing in it yet: an optional picture, a title that says
// so plainly, a line of help, and the action that fills it (e.g. "Create pages").
import type { ReactNode } from "react";

type EmptyStateProps = {
  title: string;
  text?: string;
  /** A small decorative picture (an inline SVG); hidden from screen readers. */
  icon?: ReactNode;
  /** What the user can do about it: usually one Button or ButtonLink. */
  action?: ReactNode;
  /** The title's heading level, when it should be a heading in the page's outline; else a paragraph. */
  headingLevel?: 2 | 3;
  className?: string;
};

export function EmptyState({ title, text, icon, action, headingLevel, className = "" }: EmptyStateProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : "p";
  return (
    <div className={`flex flex-col items-center gap-2 px-4 py-10 text-center ${className}`}>
      {icon && (
        <div
          aria-hidden="true"
          className="mb-1 flex size-12 items-center justify-center rounded-full bg-brand-soft text-brand [&>svg]:size-6"
        >
          {icon}
        </div>
      )}
      <Title className="font-sans text-base font-semibold text-ink">{title}</Title>
      {text && <p className="max-w-md text-sm text-muted">{text}</p>}
      {action && <div className="mt-3">{action}</div>}
    </div>
  );
}

/** Simple line pictures for empty states, drawn in the current colour. */
export const emptyIcons = {
  list: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" />
    </svg>
  ),
  search: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </svg>
  ),
  history: (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round">
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6" />
      <path d="M3.5 4v4h4M12 8v4l3 2" />
    </svg>
  ),
} as const;
