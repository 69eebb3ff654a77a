// The top of a screen: where it sits (breadcrumbs), its title (the page's one h1), a line saying what
// it is for, and its main actions. An admin screen's header is admin/admin-page-header.tsx.
import type { ReactNode } from "react";
import { useTranslation } from "../lib/i18n";
import { Link } from "react-router";

/** One step of the trail; the last one is the current page and is not a link. */
export type Crumb = { label: string; to?: string };

export type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  breadcrumbs?: readonly Crumb[];
  /** Buttons or links for the screen's main actions, beside the title (below it on a phone). */
  actions?: ReactNode;
  /** The h1's id, for a section labelled by it. */
  titleId?: string;
};

export function PageHeader({ title, description, breadcrumbs, actions, titleId }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-3">
      {breadcrumbs && breadcrumbs.length > 0 && <Breadcrumbs crumbs={breadcrumbs} />}
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 max-w-3xl flex-col gap-2">
          <h1 id={titleId} className="text-3xl font-semibold text-brand">
            {title}
          </h1>
          {description && <p className="text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}

export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("breadcrumbs.label")}>
      <ol className="flex flex-wrap items-center gap-x-1 text-sm text-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={`${index}:${crumb.label}`} className="flex min-w-0 items-center gap-x-1">
              {last || !crumb.to ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className="truncate py-2.5 font-medium text-ink"
                >
                  {crumb.label}
                </span>
              ) : (
                // The links are 44 px high to hit, though the row reads as one line of small text.
                <Link
                  to={crumb.to}
                  className="inline-flex min-h-11 items-center rounded underline-offset-4 hover:text-brand hover:underline"
                >
                  {crumb.label}
                </Link>
              )}
              {!last && (
                <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 shrink-0 text-muted/70">
                  <path d="m6 3.5 4.5 4.5L6 12.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
                </svg>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
