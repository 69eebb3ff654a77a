// A profile page's data, kept in memory by the built server (ADR 047), is dropped by every kind of
// change that drops its cached page: content, status, memories, candles, family, photos and videos,
// in one process and (on PostgreSQL) in another process on the same database. The viewer's own
// parts are never kept: each viewer sees their own rights, never another viewer's. The pages read
// here are ones the page cache never serves (a signed-in viewer's, and an anonymous one with a query),
// so every answer is a render from the kept data.
import { randomUUID } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enUS from "../../i18n/en-US.json";
import { minimumSecondsBeforePost } from "../../contract/memory-values";
import { readOutbox } from "../../server/providers/email";
import { siteOrigin, sleep } from "../support/accounts";
import { callServer, publishedPageOn, signUpOn } from "../support/server-calls";
import { serverEngines, useServerProcesses } from "../support/server-process";
import type { ServerProcess } from "../support/server-spawn";

/**
 * The owner's and an editor's bars, by their region's name (the viewer's language: English, asked for
 * none); the texts alone are also in the page's text bundle, which every viewer gets.
 */
const ownerBar = `aria-label="${enUS.profile.ownerBar.label}"`;
const editorBar = `aria-label="${enUS.family.editorBar}"`;

const { startServer, listeningPort, stopServer } = useServerProcesses();

/** How many processes share the database: the embedded one has one owner, a server many. */
const processesOn = { embedded: 1, postgresql: 2 } as const;

for (const engine of serverEngines()) {
  describe(`kept page data in the built server on ${engine.name}`, () => {
    const servers: ServerProcess[] = [];
    /** Where changes are made, and where they must be seen (the other process, when there are two). */
    let writer = "";
    let reader = "";
    let dataDir = "";
    let drop: () => Promise<void> = async () => {};
    let pageId = "";
    let ownerToken = "";
    let ownerEmail = "";
    let adminToken = "";
    const admin = { email: "admin@kept.kammare.test", password: `pw-${randomUUID()}` };

    /** A call that must succeed, from the site's own address (visitors' posts must come from it). */
    const send = (base: string, pathName: string, body: unknown, token?: string, method = "POST") =>
      callServer(base, pathName, body, { token, method, origin: siteOrigin });
    const signUp = (label: string) => signUpOn(writer, label, "kept.kammare.test", siteOrigin);

    /** The page's HTML as `token`'s viewer sees it on `base` (anonymous: with a query, past the page cache). */
    async function pageAs(base: string, token?: string): Promise<string> {
      const response = await fetch(`${base}/k/${pageId}${token ? "" : "?from=qr"}`, {
        headers: token ? { Cookie: `kammare_session=${token}` } : {},
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).not.toBe("HIT");
      return response.text();
    }
    /** Waits until `reader`'s render for `token`'s viewer says (or no longer says) `text`. */
    async function seen(text: string, token?: string, shown = true): Promise<void> {
      await expect
        .poll(async () => (await pageAs(reader, token)).includes(text), { timeout: 10_000, interval: 100 })
        .toBe(shown);
    }

    // One test of many steps: the servers live as long as a test (useServerProcesses stops them after it).
    const steps: { name: string; run: () => Promise<void> }[] = [];
    const step = (name: string, run: () => Promise<void>) => steps.push({ name, run });

    beforeAll(async () => {
      const settings = await engine.settings();
      drop = settings.drop;
      dataDir = settings.env.DATA_DIR ?? "";
      const env = {
        ...settings.env,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        LOG_LEVEL: "info",
        PUBLIC_URL: siteOrigin,
      };
      // The first migrates (nothing to do from the template) and makes the admin; then the second.
      for (let index = 0; index < processesOn[engine.name]; index++) {
        const server = startServer(env);
        servers.push(server);
        await listeningPort(server);
      }
      const bases = await Promise.all(
        servers.map(async (server) => `http://127.0.0.1:${await listeningPort(server)}`),
      );
      writer = bases[0] as string;
      reader = bases.at(-1) as string;
      const made = await publishedPageOn(writer, {
        admin,
        displayName: "Kept Karlsson",
        domain: "kept.kammare.test",
        origin: siteOrigin,
      });
      ({ pageId, adminToken } = made);
      ownerToken = made.owner.token;
      ownerEmail = made.owner.email;
      // Every viewer's render has been made once, so what follows is read from the kept data.
      for (const token of [ownerToken, undefined]) await pageAs(reader, token);
    }, 120_000);

    afterAll(async () => {
      for (const server of servers) await stopServer(server);
      await drop();
    });

    step("shows a change of the page's content to its owner and its visitors", async () => {
      await send(
        writer,
        "/api/kammare/profile",
        { profile: { id: pageId, subtitle: "Gardener of Kept" } },
        ownerToken,
        "PUT",
      );
      await seen("Gardener of Kept", ownerToken);
      await seen("Gardener of Kept");
    });

    step("shows a memory once it is written, and a candle once it is lit", async () => {
      await send(
        writer,
        "/api/kammare/memory-settings",
        { profileId: pageId, moderation: "open", candlesOn: true, allowLinks: false },
        ownerToken,
        "PUT",
      );
      const list = await fetch(`${writer}/api/memories?profileId=${pageId}`);
      const { formToken } = (await list.json()) as { formToken: string };
      await sleep((minimumSecondsBeforePost + 0.5) * 1000);
      await send(writer, "/api/memories", {
        profileId: pageId,
        name: "Kept Visitor",
        text: "We remember the kept garden.",
        website: "",
        formToken,
      });
      await seen("We remember the kept garden.", ownerToken);
      await seen("We remember the kept garden.");
      // A candle is announced a moment later (candleAnnouncer); its name shows at once on an open page.
      await send(writer, "/api/memories/candles", {
        profileId: pageId,
        name: "Lit By Kept",
        website: "",
        formToken,
      });
      await seen("Lit By Kept");
    });

    step("shows a photo once it is uploaded, and no more once it is deleted", async () => {
      const image = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a6" } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.append("profileId", pageId);
      form.append("image", new File([new Uint8Array(image)], "IMG_0001.JPG", { type: "image/jpeg" }));
      const upload = await fetch(`${writer}/api/kammare/photos`, {
        method: "POST",
        body: form,
        headers: { Authorization: `Bearer ${ownerToken}`, Origin: siteOrigin },
      });
      expect(upload.status).toBe(201);
      const { photo } = (await upload.json()) as { photo: { id: string } };
      await seen(photo.id, ownerToken);
      await seen(photo.id);
      await send(writer, `/api/kammare/photos/${photo.id}`, {}, ownerToken, "DELETE");
      await seen(photo.id, undefined, false);
    });

    step("shows a video link once it is added", async () => {
      await send(
        writer,
        "/api/kammare/videos/links",
        { profileId: pageId, url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Kept on film" },
        ownerToken,
      );
      await seen("Kept on film");
    });

    step(
      "gives an editor the editor's bar at once, and takes it away when the family removes them",
      async () => {
        const editor = await signUp("editor");
        // Each signed-in viewer is given their own bar, or none: the owner's is the owner's alone.
        expect(await pageAs(reader, ownerToken)).toContain(ownerBar);
        const strangerPage = await pageAs(reader, editor.token);
        expect(strangerPage).not.toContain(ownerBar);
        expect(strangerPage).not.toContain(editorBar);
        expect(await pageAs(reader)).not.toContain(ownerBar);
        await send(
          writer,
          "/api/kammare/invitations",
          { profileId: pageId, email: editor.email },
          ownerToken,
        );
        const link = await invitationLink(editor.email);
        await send(writer, "/api/kammare/invitations/accept", { token: link }, editor.token);
        await seen(editorBar, editor.token);
        const editorPage = await pageAs(reader, editor.token);
        expect(editorPage).not.toContain(ownerBar);
        // The owner's address is the owner's page's alone (its viewer part), never the editor's.
        expect(await pageAs(reader, ownerToken)).toContain(ownerEmail);
        expect(editorPage).not.toContain(ownerEmail);
        const people = await fetch(`${writer}/api/kammare/people?profileId=${pageId}`, {
          headers: { Authorization: `Bearer ${ownerToken}` },
        });
        const { editors } = (await people.json()) as { editors: { userId: string }[] };
        await send(
          writer,
          "/api/kammare/editors/remove",
          { profileId: pageId, userId: editors[0]?.userId },
          ownerToken,
        );
        await seen(editorBar, editor.token, false);
        expect(await pageAs(reader, editor.token)).toContain("Gardener of Kept");
      },
    );

    step(
      "shows a change of status at once: a suspended page is its owner's notice, and no one else's page",
      async () => {
        await send(
          writer,
          "/api/admin/profile",
          { id: pageId, status: "suspended", reason: "kept test" },
          adminToken,
          "PUT",
        );
        await seen(`data-testid="suspended-page"`, ownerToken);
        await expect
          .poll(async () => (await fetch(`${reader}/k/${pageId}?from=qr`)).status, { timeout: 10_000 })
          .toBe(404);
        await send(
          writer,
          "/api/admin/profile",
          { id: pageId, status: "trial", reason: "kept test" },
          adminToken,
          "PUT",
        );
        await seen("Gardener of Kept");
      },
    );

    it("drops a page's kept data on every kind of change, and gives each viewer their own parts", async () => {
      for (const { name, run } of steps) {
        try {
          await run();
        } catch (error) {
          throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          });
        }
      }
    }, 180_000);

    /** The token of the newest invitation e-mailed to `email`, from the outbox folder. */
    async function invitationLink(email: string): Promise<string> {
      for (let attempt = 0; attempt < 100; attempt++) {
        const messages = await readOutbox(path.join(dataDir, "outbox"));
        const sent = messages.reverse().find((message) => message.to.includes(email));
        const token = sent && /invitation\?token=([A-Za-z0-9_%-]+)/.exec(sent.text)?.[1];
        if (token) return decodeURIComponent(token);
        await sleep(100);
      }
      throw new Error(`no invitation e-mailed to ${email}`);
    }
  });
}
