// Memories and candles (ADR 026) in the API tests: live pages to write on, form tokens of any age,
// each visitor from an address of its own (the app trusts the proxy, so X-Forwarded-For is the
// address the per-address limits count), and the visitors', owners' and admins' calls.
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { z } from "zod";
import {
  ownerMemoriesSchema,
  publicMemoriesSchema,
  type MemorySettings,
  type MemoryState,
} from "../../contract/memories";
import { loadConfig } from "../../server/config";
import { memories } from "../../server/db/schema";
import { issueFormToken } from "../../server/domain/memories";
import { call, siteOrigin, type Account } from "./accounts";
import type { ApiFixture } from "./api-fixture";
import { ownedPageWith, type PageFields } from "./named-draft";

/** Behind a proxy: a visitor's address is the first of X-Forwarded-For. */
export const proxiedConfig = loadConfig({
  NODE_ENV: "test",
  PUBLIC_URL: "http://localhost:3000",
  TRUST_PROXY: "on",
});

/** A page in its trial (live), with a name and a story. */
export const livePage: PageFields = {
  status: "trial",
  content: { displayName: "Anna Andersson", story: "A life." },
};

let serial = 0;
/** A visitor's address no other visitor of the run has (TEST-NET-3 and its neighbours). */
export function newAddress(): string {
  serial += 1;
  return `203.0.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`;
}

/** How a visitor's post is sent: from which address, with which Origin (null: none at all). */
export type Sender = { from?: string; origin?: string | null };

const listSchema = publicMemoriesSchema.extend({ formToken: z.string() });

export function memoryCalls(fixture: Pick<ApiFixture, "app" | "db" | "accounts" | "admin">) {
  const { app, db } = fixture;

  /** A token for a form of the page rendered `secondsAgo` seconds ago. */
  const token = (profileId: string, secondsAgo = 10) =>
    issueFormToken(db, profileId, new Date(Date.now() - secondsAgo * 1000));

  const post = (path: string, json: Record<string, unknown>, sender: Sender = {}) =>
    call(app, path, {
      json,
      origin: sender.origin === null ? undefined : (sender.origin ?? siteOrigin),
      headers: { "X-Forwarded-For": sender.from ?? newAddress() },
    });

  const settings = async (owner: Account, profileId: string, patch: Partial<MemorySettings>) => {
    const response = await call(app, "/api/kammare/memory-settings", {
      method: "PUT",
      bearer: owner.token,
      json: { profileId, ...patch },
    });
    expect(response.status, await response.clone().text()).toBe(200);
  };

  /** A live page of a new owner (or the one given), with these memory settings. */
  const page = async (patch: Partial<MemorySettings> = {}, fields = livePage, owner?: Account) => {
    const made = await ownedPageWith(fixture, fields, owner);
    if (Object.keys(patch).length > 0) await settings(made.owner, made.id, patch);
    return made;
  };

  const write = async (profileId: string, fields: Record<string, unknown> = {}, sender?: Sender) =>
    post(
      "/api/memories",
      {
        profileId,
        name: "Karin",
        text: "She taught me to swim.",
        formToken: await token(profileId),
        ...fields,
      },
      sender,
    );

  const candle = async (profileId: string, fields: Record<string, unknown> = {}, sender?: Sender) =>
    post(
      "/api/memories/candles",
      { profileId, name: "Erik", formToken: await token(profileId), ...fields },
      sender,
    );

  const report = async (
    memory: { id: string; profileId: string },
    fields: Record<string, unknown> = {},
    sender?: Sender,
  ) =>
    post(
      "/api/memories/reports",
      { memoryId: memory.id, reason: "Not about her.", formToken: await token(memory.profileId), ...fields },
      sender,
    );

  /** A plain HTML form's post, as the light page sends it. */
  const form = (path: string, fields: Record<string, string>, sender: Sender = {}) =>
    app.request(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(sender.origin === null ? {} : { Origin: sender.origin ?? siteOrigin }),
        "X-Forwarded-For": sender.from ?? newAddress(),
      },
      body: new URLSearchParams(fields).toString(),
    });

  /** What a visitor sees of the page: its shown memories from `before`, and its candles. */
  const list = async (profileId: string, before?: string) => {
    const query = new URLSearchParams({ profileId, ...(before ? { before } : {}) });
    const response = await call(app, `/api/memories?${query.toString()}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return listSchema.parse(await response.json());
  };

  const ownerList = async (profileId: string, as: Account) => {
    const response = await call(app, `/api/kammare/memories?profileId=${profileId}`, { bearer: as.token });
    expect(response.status, await response.clone().text()).toBe(200);
    return ownerMemoriesSchema.parse(await response.json());
  };

  const decide = (memoryId: string, state: Exclude<MemoryState, "pending">, as: Account) =>
    call(app, "/api/kammare/memories/decision", { bearer: as.token, json: { memoryId, state } });

  /** The memories of a page as stored, newest first. */
  const stored = (profileId: string) =>
    db.select().from(memories).where(eq(memories.profileId, profileId)).orderBy(desc(memories.createdAt));

  /** A memory written by a visitor and shown by the owner; answers its id and page. */
  const shownMemory = async (profileId: string, owner: Account, text = "She taught me to swim.") => {
    expect((await write(profileId, { text })).status).toBe(201);
    const [memory] = await stored(profileId);
    const id = memory?.id ?? "";
    expect((await decide(id, "shown", owner)).status).toBe(200);
    return { id, profileId };
  };

  return {
    token,
    post,
    settings,
    page,
    write,
    candle,
    report,
    form,
    list,
    ownerList,
    decide,
    stored,
    shownMemory,
  };
}
