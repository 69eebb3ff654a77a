// GET /api/kammare/profile-qr: the page's QR code for its owner's share panel, decoded back to check
// it carries the page's public address; who may get it; and bad queries.
import sharp from "sharp";
import { expect, it } from "vitest";
import { createProfiles } from "../../server/domain/profiles";
import { call, expectError, siteOrigin, type Account } from "../support/accounts";
import { describeOnEngines } from "../support/api-fixture";
import { decodePng } from "../support/qr-decode";

describeOnEngines("the page's QR code", ({ app, db, accounts, admin }) => {
  async function owned(): Promise<{ id: string; owner: Account }> {
    const owner = await accounts.signUp();
    const [row] = await createProfiles(
      db,
      { count: 1 },
      { id: admin.id, roles: ["admin"] },
      { ip: null, userAgent: "test" },
    );
    const id = row?.id as string;
    const claimed = await call(app, "/api/kammare/own", {
      bearer: owner.token,
      json: { owner: owner.id, profileId: id },
    });
    expect(claimed.status).toBe(200);
    return { id, owner };
  }

  it("gives the owner a PNG of the size asked that decodes to the page's public address", async () => {
    const { id, owner } = await owned();
    const response = await call(app, `/api/kammare/profile-qr?id=${id}&format=png&size=300`, {
      bearer: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("content-disposition")).toBeNull();
    const png = Buffer.from(await response.arrayBuffer());
    expect((await sharp(png).metadata()).width).toBe(300);
    expect(await decodePng(png)).toBe(`${siteOrigin}/k/${id}`);
  });

  it("gives an SVG that, drawn, decodes to the same address, and offers it as a file on download=1", async () => {
    const { id, owner } = await owned();
    const response = await call(app, `/api/kammare/profile-qr?id=${id.toLowerCase()}&format=svg&download=1`, {
      bearer: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="kammare-${id}.svg"`);
    const svg = Buffer.from(await response.arrayBuffer());
    expect(svg.toString("utf8")).toMatch(/^<svg[^>]*viewBox/);
    expect(await decodePng(await sharp(svg).png().toBuffer())).toBe(`${siteOrigin}/k/${id}`);
  });

  it("is for the owner and admins: another customer gets 403, a visitor 401, an admin the code", async () => {
    const { id } = await owned();
    const stranger = await accounts.signUp();
    const path = `/api/kammare/profile-qr?id=${id}&format=svg`;
    await expectError(await call(app, path, { bearer: stranger.token }), 403, "forbidden");
    expect((await call(app, path)).status).toBe(401);
    expect((await call(app, path, { bearer: admin.token })).status).toBe(200);
  });

  it("answers 400 naming the field for a bad query, and 404 for a code that is no page", async () => {
    const { id, owner } = await owned();
    const ask = (query: string) => call(app, `/api/kammare/profile-qr?${query}`, { bearer: owner.token });
    await expectError(await ask(`id=${id}&format=gif`), 400, "invalid_request", "format");
    await expectError(await ask(`id=${id}&format=png&size=99999`), 400, "invalid_request", "size");
    await expectError(await ask(`id=${id}&format=png&margin=-1`), 400, "invalid_request", "margin");
    await expectError(await ask(`format=png`), 400, "invalid_request", "id");
    await expectError(await ask(`id=%00&format=png`), 400, "invalid_request");
    await expectError(await ask(`id=ZZZZZZZZ&format=png`), 404, "not_found");
  });
});
