// A partner's print sheet of the QR codes of the pages it made: the admin's sheet (server/domain/print),
// kept in its queries to the organisation's own pages. A code of another organisation's page answers as
// no page at all (404), like a code that names none.
import type { partnerQrSheetRequestSchema } from "../../../contract/partner-pages";
import type { z } from "../../../contract/zod";
import type { Database } from "../../db/client";
import type { Actor, RequestOrigin } from "../core";
import { printQrSheet } from "../print";
import { callerOrganisation } from "./pages";

type Parsed = z.output<typeof partnerQrSheetRequestSchema>;

export async function printPartnerQrSheet(
  deps: { db: Database; publicUrl: string },
  request: Parsed,
  actor: Actor,
  origin: RequestOrigin,
): Promise<{ pdf: Uint8Array; count: number; filename: string }> {
  const organisation = await callerOrganisation(deps.db, actor);
  const sheet = await printQrSheet(deps, {
    request:
      request.source === "ids"
        ? { source: "ids", ids: request.ids, level: request.level }
        : { source: "batch", batchId: request.batchId, unclaimedOnly: false, part: 1, level: request.level },
    actor,
    origin,
    scope: { organisationId: organisation.id },
  });
  return sheet;
}
