// The frame of the small account forms: a heading, a lead and the form, centred and narrow.
import type { ReactNode } from "react";
import { Card } from "./card";

export function AuthCard({
  title,
  heading,
  lead,
  children,
  after,
}: {
  title: string;
  heading: string;
  lead?: string;
  children: ReactNode;
  /** Below the card: what the screen says besides its form. */
  after?: ReactNode;
}) {
  return (
    <section aria-labelledby="auth-heading" className="mx-auto flex w-full max-w-md flex-col gap-6 py-6">
      <title>{title}</title>
      {/* What a search result shows under the title (Lighthouse's SEO audit asks for one). */}
      <meta name="description" content={lead ?? title} />
      <header className="flex flex-col gap-2">
        <h1 id="auth-heading" className="text-3xl font-semibold text-brand">
          {heading}
        </h1>
        {lead && <p className="text-muted">{lead}</p>}
      </header>
      <Card className="p-6">{children}</Card>
      {after}
    </section>
  );
}
