// The feature's face (ADR 023): what other modules use of it, by name; the rest stays inside the feature.
export { anniversaryReminders, setAnniversaryReminders } from "./subscriptions";
export { sendDueReminders, type SentReminder } from "./sweep";
export { pageCalendar } from "./calendar";
export { foldLine } from "./icalendar";
