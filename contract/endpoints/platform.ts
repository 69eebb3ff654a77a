// The platform's calls: liveness, readiness, the build id and the OpenAPI document itself.
import { buildInfoSchema, healthSchema, readySchema } from "../platform";
import type { Endpoint } from "./endpoint";

export const platformEndpoints = [
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
    method: "get",
    path: "/api/openapi.json",
    summary: "This document.",
    auth: false,
    responses: { 200: { description: "OpenAPI 3.1" } },
  },
] as const satisfies readonly Endpoint[];
