// What the partner's pages screen and its parts share: each way's tone, and the QR sheet's download.
import type { PartnerPageState } from "../../../../contract/partner-pages";
import type { PillTone } from "../../state-pill";
import { api } from "../../../lib/api";
import { failureOf, type Failure } from "../../../lib/failure";
import { saveFile } from "../../../lib/save-file";

export const stateTones: Record<PartnerPageState, PillTone> = {
  made: "stopped",
  sent: "waiting",
  taken_back: "bad",
  claimed: "good",
};

/** Saves the QR sheet of the pages named (or of a batch) as a PDF; answers what went wrong, if anything. */
export async function downloadSheet(
  body: { source: "ids"; ids: string[] } | { source: "batch"; batchId: string },
  name: string,
): Promise<Failure | null> {
  try {
    const pdf = await api.file("post", "/partner/pages/qr-sheet", { body });
    saveFile(new Blob([pdf], { type: "application/pdf" }), name);
    return null;
  } catch (caught) {
    return failureOf(caught);
  }
}
