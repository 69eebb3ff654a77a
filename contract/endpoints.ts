// The list of every API call with its schemas, by feature (contract/endpoints/); the OpenAPI document is
// generated from it.
import { apiErrorSchema } from "./errors";
import { platformEndpoints } from "./endpoints/platform";
import { accountsEndpoints } from "./endpoints/accounts";
import { privacyEndpoints } from "./endpoints/privacy";
import { profilesEndpoints } from "./endpoints/profiles";
import { billingEndpoints } from "./endpoints/billing";
import { invoicingEndpoints } from "./endpoints/invoicing";
import { partnersEndpoints } from "./endpoints/partners";
import { printEndpoints } from "./endpoints/print";
import { adminEndpoints } from "./endpoints/admin";
import { memoriesEndpoints } from "./endpoints/memories";
import { familyEndpoints } from "./endpoints/family";
import { remindersEndpoints } from "./endpoints/reminders";
import { videosEndpoints } from "./endpoints/videos";
import { picturesEndpoints } from "./endpoints/pictures";
import { privatePagesEndpoints } from "./endpoints/private-pages";
import { keepsakeEndpoints } from "./endpoints/keepsake";
import type { Endpoint } from "./endpoints/endpoint";

export type { Endpoint };

const allEndpoints = [
  ...platformEndpoints,
  ...accountsEndpoints,
  ...privacyEndpoints,
  ...profilesEndpoints,
  ...billingEndpoints,
  ...invoicingEndpoints,
  ...partnersEndpoints,
  ...printEndpoints,
  ...adminEndpoints,
  ...memoriesEndpoints,
  ...familyEndpoints,
  ...remindersEndpoints,
  ...videosEndpoints,
  ...picturesEndpoints,
  ...privatePagesEndpoints,
  ...keepsakeEndpoints,
] as const;

/** Every call with its literal method, path and schemas: the browser's typed client is derived from it. */
export type ContractEndpoint = (typeof allEndpoints)[number];

export const endpoints: readonly Endpoint[] = allEndpoints;

export { apiErrorSchema };
