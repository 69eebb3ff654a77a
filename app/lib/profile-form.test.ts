import { describe, expect, it } from "vitest";
import type { ProfileContent } from "../../contract/profiles";
import { changedContent, contentProblems, hasProblems, normalizedContent } from "./profile-form";

const saved: ProfileContent = {
  displayName: "Astrid",
  subtitle: "1931 – 2024",
  story: "",
  chapters: [],
  links: [{ label: "Album", url: "https://example.se" }],
  portraitImageUrl: null,
  coverImageUrl: null,
  themeColor: "#1f3a36",
  birthDate: null,
  deathDate: null,
  restingPlace: null,
  graveRightEndsOn: null,
  ceremony: null,
};

describe("changedContent", () => {
  it("is empty when nothing changed, so the form is not dirty", () => {
    expect(
      changedContent(saved, { ...saved, links: [{ label: "Album", url: "https://example.se" }] }),
    ).toEqual({});
  });

  it("holds only the fields that changed", () => {
    expect(changedContent(saved, { ...saved, subtitle: "Teacher", themeColor: "#5c3b5e" })).toEqual({
      subtitle: "Teacher",
      themeColor: "#5c3b5e",
    });
  });

  it("sees a change inside the links and a removed picture", () => {
    const links = [{ label: "Photos", url: "https://example.se" }];
    expect(changedContent({ ...saved, portraitImageUrl: "/uploads/x.webp" }, { ...saved, links })).toEqual({
      links,
      portraitImageUrl: null,
    });
  });

  it("counts typing back the saved text as no change", () => {
    const typed = { ...saved, displayName: "Astri" };
    expect(changedContent(saved, { ...typed, displayName: "Astrid" })).toEqual({});
  });
});

describe("chapters in the form", () => {
  const chapter = (title: string, rest: { period?: string; text?: string } = {}) => ({
    id: "5b7f0c1e-8d2a-4c3b-9e4f-1a2b3c4d5e6f",
    title,
    period: rest.period ?? "",
    text: rest.text ?? "",
  });

  it("marks a chapter's missing title, long period and HTML at their own row", () => {
    const problems = contentProblems({
      chapters: [chapter("Childhood"), chapter(" ", { period: "x".repeat(61), text: "<b>hi</b>" })],
    });
    expect(problems.chapterRows).toEqual({
      1: {
        title: { key: "life.chapters.validation.titleRequired" },
        period: { key: "profile.validation.tooLong", values: { count: 60 } },
        text: { key: "profile.validation.noHtml" },
      },
    });
    expect(hasProblems(problems)).toBe(true);
    expect(hasProblems(contentProblems({ chapters: [chapter("Childhood")] }))).toBe(false);
    expect(contentProblems({ chapters: Array.from({ length: 31 }, () => chapter("A")) }).chapters).toEqual({
      key: "life.chapters.validation.tooMany",
      values: { count: 30 },
    });
  });

  it("drops a chapter left wholly empty, and keeps one with only a period", () => {
    const kept = chapter("", { period: "1962" });
    expect(normalizedContent({ chapters: [chapter("  "), kept] }).chapters).toEqual([kept]);
  });
});
