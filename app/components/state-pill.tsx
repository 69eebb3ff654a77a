// The state of something other than a profile (an order, a checkout link, a subscription) as a small
// label in the look of StatusBadge: always the words, with a colour and a mark as extras. Callers map
// their states to one of four tones, so every list tells "fine", "waiting", "stopped" and "failed"
// apart the same way.
export type PillTone = "good" | "waiting" | "stopped" | "bad";

// Whole class names, so Tailwind finds them; the profile statuses' tokens (all above WCAG AA).
const tones: Record<PillTone, string> = {
  good: "bg-status-active-soft text-status-active",
  waiting: "bg-status-past-due-soft text-status-past-due",
  stopped: "bg-status-expired-soft text-status-expired",
  bad: "bg-status-suspended-soft text-status-suspended",
};

// As StatusBadge: a dot for live, a ring for waiting, a bar for stopped; a cross-like bar for failed.
const marks: Record<PillTone, string> = {
  good: "size-2 rounded-full bg-current",
  waiting: "size-2 rounded-full border-[1.5px] border-current",
  stopped: "h-0.5 w-2 rounded-full bg-current",
  bad: "size-2 rotate-45 rounded-[1px] bg-current",
};

export function StatePill({ tone, label, state }: { tone: PillTone; label: string; state?: string }) {
  return (
    <span
      data-state={state}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-current/20 px-2.5 py-0.5 text-xs font-semibold leading-5 ${tones[tone]}`}
    >
      <span aria-hidden="true" className={`shrink-0 ${marks[tone]}`} />
      {label}
    </span>
  );
}
