// The reminder e-mails (ADR 029): the grave right's end to the owner, and the birthday, the day of
// death and the ceremony to those who asked; each in its recipient's language, with the page's name and
// its link.
import { fallbackLocale, isLocale } from "../../../contract/locale";
import type { Ceremony } from "../../../contract/profiles";
import { i18nFor } from "../../../i18n";
import type { EmailMessage } from "../../providers/email/types";

export type Recipient = { email: string; locale: string | null };

const longDates = new Map<string, Intl.DateTimeFormat>();

/** "3 mars 2027" / "March 3, 2027": a calendar day in the reader's language. */
export function longDate(date: string, locale: string): string {
  let format = longDates.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" });
    longDates.set(locale, format);
  }
  return format.format(new Date(`${date}T12:00:00Z`));
}

function translatorOf(recipient: Recipient) {
  return i18nFor(isLocale(recipient.locale) ? recipient.locale : fallbackLocale);
}

export function graveRightEmail(
  to: Recipient,
  page: { name: string; link: string; endsOn: string },
): EmailMessage {
  const { t, language } = translatorOf(to);
  const values = { name: page.name, date: longDate(page.endsOn, language), link: page.link };
  return {
    to: to.email,
    subject: t("email.reminders.graveRight.subject", values),
    text: t("email.reminders.graveRight.body", values),
  };
}

export type Anniversary =
  | { kind: "birthday"; on: string; years: number }
  | { kind: "death_day"; on: string; years: number }
  | { kind: "ceremony"; on: string; ceremony: Ceremony };

export function anniversaryEmail(
  to: Recipient,
  page: { name: string; link: string },
  occasion: Anniversary,
): EmailMessage {
  const { t, language } = translatorOf(to);
  const values = {
    name: page.name,
    link: page.link,
    date: longDate(occasion.on, language),
    footer: t("email.reminders.footer"),
  };
  if (occasion.kind === "ceremony") {
    const { ceremony } = occasion;
    const where = [ceremony.place, ceremony.address]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(", ");
    const livestream = ceremony.livestreamUrl
      ? t("email.reminders.ceremony.livestream", { url: ceremony.livestreamUrl })
      : "";
    const all = { ...values, time: ceremony.time, where, livestream };
    return {
      to: to.email,
      subject: t("email.reminders.ceremony.subject", all),
      text: t("email.reminders.ceremony.body", all),
    };
  }
  const group = occasion.kind === "birthday" ? "birthday" : "deathDay";
  return {
    to: to.email,
    subject: t(`email.reminders.${group}.subject`, values),
    text: t(`email.reminders.${group}.body`, { ...values, count: occasion.years }),
  };
}
