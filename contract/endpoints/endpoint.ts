// What the contract says of one API call: method, path, schemas and answers. contract/endpoints.ts lists
// them all (and the OpenAPI document is generated from that list).
import type { z } from "../zod";

export type Endpoint = {
  method: "get" | "post" | "put" | "patch" | "delete";
  path: string;
  summary: string;
  /** True where the call needs `Authorization: Bearer {access_token}`. */
  auth: boolean;
  request?: z.ZodType;
  /** A body that is a file rather than JSON: the media types it may be sent as (the first is the client's). */
  fileBody?: readonly [string, ...string[]];
  /** The query parameters of a GET, as an object schema. */
  query?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};
