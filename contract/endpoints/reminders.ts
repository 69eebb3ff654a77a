// Reminders (ADR 029): whether the owner or an editor gets an e-mail a week before the page's
// anniversaries. (The calendar file, /k/{id}/calendar.ics, is a public resource outside the API.)
import {
  anniversaryRemindersAnswerSchema,
  anniversaryRemindersQuerySchema,
  anniversaryRemindersRequestSchema,
} from "../reminders";
import type { Endpoint } from "./endpoint";

const refusals = {
  403: { description: "Not the page's owner or one of its editors" },
  404: { description: "No page with this code" },
} as const;

export const remindersEndpoints = [
  {
    method: "get",
    path: "/api/kammare/anniversary-reminders",
    summary: "Whether the signed-in owner or editor gets an e-mail a week before the page's anniversaries.",
    auth: true,
    query: anniversaryRemindersQuerySchema,
    responses: { 200: { description: "The choice", schema: anniversaryRemindersAnswerSchema }, ...refusals },
  },
  {
    method: "post",
    path: "/api/kammare/anniversary-reminders",
    summary:
      "The signed-in owner or editor asks for (`on: true`) or stops (`on: false`) an e-mail a week before " +
      "the birthday, the day of death and the ceremony.",
    auth: true,
    request: anniversaryRemindersRequestSchema,
    responses: { 200: { description: "Saved", schema: anniversaryRemindersAnswerSchema }, ...refusals },
  },
] as const satisfies readonly Endpoint[];
