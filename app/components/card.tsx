// The raised card every screen sets its parts on (a form, a set of facts, a list, a notice), said once
// here so that its border, colour and corners change in one place: `Card` for a box of any of the
// block elements below, `cardClass` for an element that is itself the card (a form, a table's frame, a
// list); `Section`, a part of a screen with its own heading that names it for assistive technology,
// and `CardSection`, such a part on a card.
import type { HTMLAttributes, ReactNode } from "react";

export const cardClass = "rounded-[var(--radius-card)] border border-line bg-raised";

type CardTag = "div" | "section" | "article" | "li" | "aside";

export function Card({
  as: Tag = "div",
  className,
  ...rest
}: { as?: CardTag } & HTMLAttributes<HTMLElement>) {
  return <Tag className={className ? `${cardClass} ${className}` : cardClass} {...rest} />;
}

/** A titled part of a screen, named by its `h2` for assistive technology; the layout is the caller's. */
export function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function CardSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section id={id} title={title} className={`${cardClass} flex min-w-0 flex-col gap-4 p-5`}>
      {children}
    </Section>
  );
}
