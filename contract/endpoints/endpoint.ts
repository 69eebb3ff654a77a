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
  /** The query parameters of a GET, as an object schema. */
  query?: z.ZodObject;
  responses: Record<number, { description: string; schema?: z.ZodType }>;
};
