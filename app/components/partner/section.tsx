// A titled card of a partner screen: an h2 and what belongs under it.
import { useId, type ReactNode } from "react";

export function PartnerSection({
  title,
  lead,
  children,
  highlight = false,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** The step the partner should take first (naming the organisation). */
  highlight?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`flex flex-col gap-4 rounded-[var(--radius-card)] border bg-raised p-5 ${highlight ? "border-brand" : "border-line"}`}
    >
      <div className="flex flex-col gap-1">
        <h2 id={headingId} className="text-xl font-semibold">
          {title}
        </h2>
        {lead && <p className="text-sm text-muted">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
