// What the Family panel's parts share (ADR 029): the people's shape and a section's heading.
import type { ReactNode } from "react";
import type { AnswerOf } from "../../lib/api";

export type People = AnswerOf<"get", "/kammare/people">;

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-base font-semibold text-ink">{children}</h3>;
}
