// The QR code of a page, for its owner (or an admin) to share or print: it encodes the page's public
// address, PUBLIC_URL/k/{id}, the address printed plaques carry.
import { eq } from "drizzle-orm";
import type { ProfileQrQuery } from "../../../contract/profiles";
import type { QrLevel } from "../../../contract/qr";
import type { Database } from "../../db/client";
import { profiles } from "../../db/schema";
import type { QrEncoder, QrImage } from "../../providers/qr/index";
import { pageMissing, type Actor } from "../core";
import { assertMayEditProfile } from "../profiles";

export function profilePageUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/k/${id}`;
}

export async function profileQrCode(
  deps: { db: Database; qr: QrEncoder; publicUrl: string },
  query: Pick<ProfileQrQuery, "id" | "format" | "size" | "margin"> & { level?: QrLevel },
  actor: Actor,
): Promise<QrImage & { filename: string }> {
  const [row] = await deps.db
    .select({ id: profiles.id, ownerUserId: profiles.ownerUserId, status: profiles.status })
    .from(profiles)
    .where(eq(profiles.id, query.id));
  if (!row) throw pageMissing("id");
  await assertMayEditProfile(deps.db, row, actor, "qr.editors-only");
  const image = await deps.qr(profilePageUrl(deps.publicUrl, row.id), query);
  return { ...image, filename: `kammare-${row.id}.${query.format}` };
}
