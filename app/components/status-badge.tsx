// A profile's status as a small coloured label: always the status in words (never colour alone), in
// the reader's language, one colour per status (the tokens in app.css, all above WCAG AA contrast).
import { useTranslation } from "../lib/i18n";
import type { ProfileStatus } from "../../contract/profile-values";

// Whole class names, so Tailwind finds them in the source.
const tones: Record<ProfileStatus, string> = {
  unclaimed: "bg-status-unclaimed-soft text-status-unclaimed",
  draft: "bg-status-draft-soft text-status-draft",
  trial: "bg-status-trial-soft text-status-trial",
  extended_trial: "bg-status-extended-trial-soft text-status-extended-trial",
  active: "bg-status-active-soft text-status-active",
  past_due: "bg-status-past-due-soft text-status-past-due",
  expired: "bg-status-expired-soft text-status-expired",
  suspended: "bg-status-suspended-soft text-status-suspended",
  removed: "bg-status-removed-soft text-status-removed",
};

// A second cue beside the colour for the eye: live statuses a full dot, waiting ones a ring, stopped
// ones a bar. Decorative; the words carry the meaning.
const marks: Record<ProfileStatus, "dot" | "ring" | "bar"> = {
  unclaimed: "ring",
  draft: "ring",
  trial: "dot",
  extended_trial: "dot",
  active: "dot",
  past_due: "dot",
  expired: "bar",
  suspended: "bar",
  removed: "bar",
};

const markClass = {
  dot: "size-2 rounded-full bg-current",
  ring: "size-2 rounded-full border-[1.5px] border-current",
  bar: "h-0.5 w-2 rounded-full bg-current",
};

export function StatusBadge({ status, className = "" }: { status: ProfileStatus; className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-current/20 px-2.5 py-0.5 text-xs font-semibold leading-5 ${tones[status]} ${className}`.trim()}
    >
      <span aria-hidden="true" className={`shrink-0 ${markClass[marks[status]]}`} />
      {t(`profileStatus.${status}`)}
    </span>
  );
}
