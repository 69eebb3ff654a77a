// The list of every API call with its schemas; the OpenAPI document is generated from it.
import type { z } from "./zod";
import { apiErrorSchema } from "./errors";
import { setLocaleRequestSchema } from "./preferences";
import { buildInfoSchema, healthSchema, readySchema } from "./platform";

export type Endpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  /** True where the call needs `Authorization: Bearer {access_token}`. */
  auth: boolean;
  request?: z.ZodType;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};

export const endpoints: Endpoint[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "The process is alive.",
    auth: false,
    responses: { 200: { description: "Alive", schema: healthSchema } },
  },
  {
    method: "get",
    path: "/api/ready",
    summary: "The process and its database answer.",
    auth: false,
    responses: {
      200: { description: "Ready", schema: readySchema },
      503: { description: "The database does not answer", schema: readySchema },
    },
  },
  {
    method: "get",
    path: "/api/build",
    summary: "The id of the build this server runs; the browser compares it with its own.",
    auth: false,
    responses: { 200: { description: "Build id", schema: buildInfoSchema } },
  },
  {
    method: "post",
    path: "/api/preferences/locale",
    summary: "Keeps the chosen language in the `locale` cookie for 365 days.",
    auth: false,
    request: setLocaleRequestSchema,
    responses: { 204: { description: "Saved" } },
  },
];

export { apiErrorSchema };
