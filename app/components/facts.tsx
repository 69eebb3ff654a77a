// A card of label/value rows (an order's, an invoice's facts): labels beside their values on wide
// screens, above them on a phone.
import type { ReactNode } from "react";
import { CardSection } from "./card";

export function Facts({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <CardSection id={id} title={title}>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        {children}
      </dl>
    </CardSection>
  );
}

export function Fact({
  label,
  children,
  numeric,
}: {
  label: string;
  children: ReactNode;
  numeric?: boolean;
}) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className={`mb-2 break-words sm:mb-0 ${numeric ? "tabular-nums" : ""}`}>{children}</dd>
    </>
  );
}
