// /api/memories: what a visitor does on a live page without an account (ADR 026). Each call takes
// JSON from the app or a plain HTML form from the light page (ADR 011), which is answered with a
// redirect back to the page and its outcome in the address (`?memory=…#memories`), so the page can
// say what happened; a form's refused memory comes back filled in from a draft kept on the server
// (its secret in the address, never its text). A post must come from the site itself: an Origin
// header naming it (browsers send one with every form post).
import { Hono, type Context } from "hono";
import type { z } from "zod";
import {
  deleteOwnMemoryRequestSchema,
  lightCandleRequestSchema,
  memoriesQuerySchema,
  reportMemoryRequestSchema,
  writeMemoryRequestSchema,
  memoryDraftParam,
  memoryPhotosField,
  memoryFormAnchors,
  memoryTextMaxLength,
  type MemoryFormPlace,
  type MemoryOutcome,
} from "../../../contract/memories";
import { profileIdSchema } from "../../../contract/profiles";
import { isStorableText } from "../../../contract/zod";
import { resolveLocale } from "../../../contract/locale";
import type { Config } from "../../config";
import type { Database } from "../../db/client";
import {
  assertLivePage,
  deleteOwnMemory,
  issueFormToken,
  keepDraft,
  lightCandle,
  publicMemories,
  reportMemory,
  writeMemory,
  type AttachedPhoto,
  type CandleAnnouncer,
} from "../../domain/memories";
import { DomainError } from "../../domain/core";
import type { ApiEnv } from "../../http/env";
import {
  ApiError,
  checkFields,
  mediaTypeOf,
  readForm,
  readJson,
  readMultipartForm,
  readQuery,
} from "../../http/errors";
import { assertMayEnterPage } from "../../domain/private-pages";
import { visitorPassOf } from "../../http/visitor-pass";
import type { ImageStore } from "../../providers/images";
import { processPhoto as makePhoto, type PhotoProcessor } from "../../providers/images/photos";

export type VisitorMemoryDeps = {
  db: Database;
  config: Config;
  candles: CandleAnnouncer;
  /** Where a memory's photos are kept. */
  images: ImageStore;
  /** The photo processing (sharp's, by default). */
  processPhoto?: PhotoProcessor;
};

const isForm = (c: Context) => mediaTypeOf(c) === "application/x-www-form-urlencoded";

/**
 * A plain form's fields and chosen photos (the memory form is multipart/form-data, for its photos;
 * the others are urlencoded), or null for JSON.
 */
async function readPosted(c: Context): Promise<{ raw: Record<string, string>; files: File[] } | null> {
  if (isForm(c)) return { raw: Object.fromEntries(new URLSearchParams(await c.req.text())), files: [] };
  if (mediaTypeOf(c) !== "multipart/form-data") return null;
  const { fields, files } = await readMultipartForm(c, memoryPhotosField);
  return { raw: fields, files };
}

const attachedPhoto = (file: File): AttachedPhoto => ({
  size: file.size,
  bytes: async () => Buffer.from(await file.arrayBuffer()),
});

/**
 * A refused form's fields as a draft may keep them: only text PostgreSQL can keep, each cut to a little
 * more than the longest a field may be (what was too long comes back, to be shortened, not the rest).
 */
function storable(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([, value]) => isStorableText(value))
      .map(([name, value]) => [name, value.slice(0, memoryTextMaxLength + 500)]),
  );
}

/** What a refusal says on the page, by its field or code. */
function outcomeOf(error: unknown): MemoryOutcome | null {
  if (error instanceof DomainError) {
    if (error.code === "rate_limited") return "limited";
    // A memory reported twice from one address: the report stands.
    if (error.code === "conflict") return "reported";
    const refusal = error.refusal?.code;
    if (refusal === "memory.too-soon") return "tooSoon";
    if (refusal === "memory.photos-too-many" || refusal === "memory.photo-not-taken") return "photos";
    if (error.field === "formToken") return "expired";
    if (refusal === "memory.links" || refusal === "memory.candle-links") return "links";
    if (error.code === "forbidden") return "closed";
    if (error.code === "invalid_request") return "invalid";
    return null;
  }
  if (error instanceof ApiError && error.status === 400) return "invalid";
  return null;
}

/**
 * The page again, with the outcome where the visitor's eye is: a success at the list (or the candles),
 * a refusal at the form that was sent (`at`), with the secret of its draft (server/domain/memories/
 * drafts.ts) when it has one.
 */
function backToPage(profileId: string, outcome: MemoryOutcome, at: MemoryFormPlace, draft?: string | null) {
  const query = new URLSearchParams({ memory: outcome, at });
  if (draft) query.set(memoryDraftParam, draft);
  return `/k/${profileId}?${query.toString()}#${memoryFormAnchors[at]}`;
}

export function visitorMemoryRoutes(deps: VisitorMemoryDeps) {
  const { db, config } = deps;
  const processPhoto = deps.processPhoto ?? makePhoto;
  const trusted = new Set(config.trustedOrigins);
  const visitor = (c: Context<ApiEnv>) => {
    // The general check lets a request without Origin and without a session through; these posts
    // are the site's own forms, so the Origin must be there.
    if (!trusted.has(c.req.header("origin") ?? "")) {
      throw new ApiError(403, "forbidden_origin", "This request must come from the site itself.");
    }
    const locale = resolveLocale(c.req.header("cookie") ?? null, c.req.header("accept-language") ?? null);
    return { ip: c.var.ip, locale };
  };

  /** A private page's memories and candles are for those let in only (ADR 043): `private.closed`. */
  const enter = async (c: Context<ApiEnv>, input: unknown) => {
    const profileId = (input as { profileId?: unknown }).profileId;
    if (typeof profileId !== "string") return;
    await assertMayEnterPage(db, profileId, c.get("viewer"), visitorPassOf(c.req.raw.headers, profileId));
  };

  /**
   * One visitor's post: JSON answered with `json(result)`, a form with a redirect to the page. A
   * form's refusals that a person can mend go back to the page too; anything else is the API's error.
   */
  async function post<Schema extends z.ZodType, Result>(
    c: Context<ApiEnv>,
    schema: Schema,
    act: (input: z.infer<Schema>, photos: AttachedPhoto[]) => Promise<Result>,
    done: (result: Result, input: z.infer<Schema>) => { profileId: string; outcome: MemoryOutcome },
    json: (result: Result) => Response,
    /** The form a refusal goes back to; a success shows at the list (a candle at the candles). */
    form: MemoryFormPlace,
  ): Promise<Response> {
    const posted = await readPosted(c);
    if (!posted) {
      const input = await readJson(c, schema);
      await enter(c, input);
      return json(await act(input, []));
    }
    const { raw, files } = posted;
    const pageId = profileIdSchema.safeParse(raw.profileId);
    try {
      const input = checkFields(schema, raw);
      await enter(c, input);
      const result = await act(input, files.map(attachedPhoto));
      const { profileId, outcome } = done(result, input);
      return c.redirect(backToPage(profileId, outcome, form === "candles" ? "candles" : "list"), 303);
    } catch (error) {
      const outcome = outcomeOf(error);
      if (!outcome || !pageId.success) throw error;
      // What the visitor wrote comes back into the form to mend: a memory's fields, a candle's name;
      // a robot's (the hidden field filled) is not kept. Chosen photos cannot come back: the page
      // asks for them again.
      const fields: Record<string, string> =
        form === "write"
          ? { name: raw.name ?? "", relation: raw.relation ?? "", text: raw.text ?? "" }
          : form === "candles"
            ? { name: raw.name ?? "" }
            : {};
      const robot = (raw.website ?? "").trim() !== "";
      const draft = robot
        ? null
        : await keepDraft(db, { profileId: pageId.data, fields: storable(fields), ip: c.var.ip });
      return c.redirect(backToPage(pageId.data, outcome, form, draft), 303);
    }
  }

  return new Hono<ApiEnv>()
    .get("/", async (c) => {
      const { before, profileId } = readQuery(c, memoriesQuerySchema);
      await assertLivePage(db, profileId);
      await enter(c, { profileId });
      return c.json({
        ...(await publicMemories(db, profileId, before)),
        formToken: await issueFormToken(db, profileId),
      });
    })
    .post("/", async (c) => {
      const who = visitor(c);
      return post(
        c,
        writeMemoryRequestSchema,
        // Its e-mails (the receipt, the owner's first memory) follow from the memory.written event.
        (input, photos) =>
          writeMemory(db, input, who, { images: deps.images, process: processPhoto, photos }),
        (written, input) => ({ profileId: input.profileId, outcome: written.state }),
        (written) => c.json({ state: written.state }, 201),
        "write",
      );
    })
    .post("/candles", async (c) => {
      const who = visitor(c);
      return post(
        c,
        lightCandleRequestSchema,
        async (input) => {
          const lit = await lightCandle(db, input, who);
          deps.candles.lit(input.profileId);
          return lit;
        },
        (lit, input) => ({
          profileId: input.profileId,
          outcome: lit.nameState === "pending" ? "candleWaiting" : "candle",
        }),
        () => c.body(null, 204),
        "candles",
      );
    })
    .post("/reports", async (c) => {
      const who = visitor(c);
      return post(
        c,
        reportMemoryRequestSchema,
        (input) => reportMemory(db, input, who),
        ({ profileId }) => ({ profileId, outcome: "reported" }),
        () => c.body(null, 204),
        "list",
      );
    })
    .post("/delete-own", async (c) => {
      if (!isForm(c)) {
        const { token } = await readJson(c, deleteOwnMemoryRequestSchema);
        const { profileId } = await deleteOwnMemory({ db, images: deps.images }, token);
        return c.json({ profileId });
      }
      const { token } = await readForm(c, deleteOwnMemoryRequestSchema);
      try {
        const { profileId } = await deleteOwnMemory({ db, images: deps.images }, token);
        return c.redirect(backToPage(profileId, "deleted", "list"), 303);
      } catch (error) {
        // A used or mistyped link: its page says so, rather than the API's error.
        if (error instanceof DomainError && error.code === "invalid_token") {
          return c.redirect("/memories/delete?invalid=1", 303);
        }
        throw error;
      }
    });
}
