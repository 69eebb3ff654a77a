// The profile content as a form holds it, and its checks (the same limits as contract/profiles.ts),
// answering i18n keys with their values.
import {
  maxChapterPeriod,
  maxChapterText,
  maxChapterTitle,
  maxChapters,
} from "../../contract/chapter-values";
import { linkWithScheme } from "../../contract/profile-values";
import type { ProfileContent } from "../../contract/profiles";
import type { Problem } from "./form-problem";
import { lifeProblems, type LifeProblems } from "./life-form";

export type { Problem };
export type ContentProblems = Partial<
  Record<"displayName" | "subtitle" | "story" | "themeColor" | "links" | "chapters", Problem>
> & {
  linkRows?: Record<number, { label?: Problem; url?: Problem }>;
  chapterRows?: Record<number, { title?: Problem; period?: Problem; text?: Problem }>;
} & LifeProblems;

const html = /<\s*[a-zA-Z!/?]/;

function text(value: string, max: number, required = false): Problem | undefined {
  if (required && !value.trim()) return { key: "profile.validation.nameRequired" };
  if (value.length > max) return { key: "profile.validation.tooLong", values: { count: max } };
  if (html.test(value)) return { key: "profile.validation.noHtml" };
  return undefined;
}

function isHttps(value: string): boolean {
  try {
    return new URL(linkWithScheme(value)).protocol === "https:";
  } catch {
    return false;
  }
}

/** Checks the given fields of the content; only those present are checked. */
export function contentProblems(content: Partial<ProfileContent>): ContentProblems {
  const problems: ContentProblems = {};
  if (content.displayName !== undefined) problems.displayName = text(content.displayName, 120, true);
  if (content.subtitle !== undefined) problems.subtitle = text(content.subtitle, 200);
  if (content.story !== undefined) problems.story = text(content.story, 20_000);
  if (content.themeColor !== undefined && !/^#[0-9a-fA-F]{6}$/.test(content.themeColor)) {
    problems.themeColor = { key: "profile.validation.color" };
  }
  if (content.links !== undefined) {
    if (content.links.length > 12) problems.links = { key: "profile.validation.tooManyLinks" };
    const rows: NonNullable<ContentProblems["linkRows"]> = {};
    content.links.forEach((link, index) => {
      const label = link.label.trim() ? text(link.label, 80) : { key: "profile.validation.labelRequired" };
      const url = isHttps(link.url) ? undefined : { key: "profile.validation.https" };
      if (label || url) rows[index] = { label, url };
    });
    if (Object.keys(rows).length) problems.linkRows = rows;
  }
  if (content.chapters !== undefined) {
    if (content.chapters.length > maxChapters) {
      problems.chapters = { key: "life.chapters.validation.tooMany", values: { count: maxChapters } };
    }
    const rows: NonNullable<ContentProblems["chapterRows"]> = {};
    content.chapters.forEach((chapter, index) => {
      const title = chapter.title.trim()
        ? text(chapter.title, maxChapterTitle)
        : { key: "life.chapters.validation.titleRequired" };
      const period = text(chapter.period, maxChapterPeriod);
      const body = text(chapter.text, maxChapterText);
      if (title || period || body) rows[index] = { title, period, text: body };
    });
    if (Object.keys(rows).length) problems.chapterRows = rows;
  }
  return { ...problems, ...lifeProblems(content) };
}

export function hasProblems(problems: ContentProblems): boolean {
  return Object.entries(problems).some(([key, value]) =>
    key === "linkRows" || key === "chapterRows"
      ? Object.keys(value as object).length > 0
      : key === "restingPlace" || key === "ceremony"
        ? Object.values(value as object).some((inner) => inner !== undefined)
        : value !== undefined,
  );
}

/**
 * The fields of `current` that differ from `saved`: what a save sends (a PUT may send only the fields
 * it changes), and whether the form has unsaved changes at all.
 */
export function changedContent(saved: ProfileContent, current: ProfileContent): Partial<ProfileContent> {
  const changed: Partial<Record<keyof ProfileContent, unknown>> = {};
  for (const key of Object.keys(current) as (keyof ProfileContent)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(saved[key])) changed[key] = current[key];
  }
  return changed as Partial<ProfileContent>;
}

/**
 * The content as the server will keep it: links typed without https:// get it (as the contract does),
 * and a chapter added but left wholly empty is dropped rather than refused for its missing title.
 */
export function normalizedContent<T extends Partial<ProfileContent>>(content: T): T {
  const links = content.links?.map((link) => ({ ...link, url: linkWithScheme(link.url) }));
  const chapters = content.chapters?.filter((chapter) =>
    [chapter.title, chapter.period, chapter.text].some((value) => value.trim()),
  );
  return {
    ...content,
    ...(links ? { links } : {}),
    ...(chapters ? { chapters } : {}),
  };
}
