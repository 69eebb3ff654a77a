// "Add to calendar": a plain link to the page's calendar file (the birthday and the day of death each
// year, and the ceremony when one is set). A link, not a button, so it works on the light public page
// without JavaScript; the server names the file and sends it as text/calendar.
import { useTranslation } from "../../lib/i18n";
import { buttonClass } from "../button";

/** The address of a page's calendar file (served by server/http/calendar.ts). */
export function calendarFileUrl(profileId: string): string {
  return `/k/${encodeURIComponent(profileId)}/calendar.ics`;
}

export function AddToCalendar({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  return (
    <a
      href={calendarFileUrl(profileId)}
      download={`kammare-${profileId}.ics`}
      className={buttonClass("secondary")}
      data-testid="add-to-calendar"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
        <path d="M3.5 10h17M8 3v4M16 3v4" />
      </svg>
      {t("reminders.calendar.link")}
      <span className="sr-only"> {t("reminders.calendar.hint")}</span>
    </a>
  );
}
