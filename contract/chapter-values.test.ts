import { afterEach, describe, expect, it, vi } from "vitest";
import { isChapterId, newChapterId, periodParts } from "./chapter-values";

describe("periodParts", () => {
  it.each([
    ["1962", { from: "1962", to: null }],
    [" 1962–1975 ", { from: "1962", to: "1975" }],
    ["1962 - 1975", { from: "1962", to: "1975" }],
    ["1962—1975", { from: "1962", to: "1975" }],
    ["1962–", { from: "1962", to: "" }],
    ["The Stockholm years", { words: "The Stockholm years" }],
    ["1960s", { words: "1960s" }],
    ["962", { words: "962" }],
    ["Summer 1962", { words: "Summer 1962" }],
  ])("reads %j", (period, parts) => {
    expect(periodParts(period)).toEqual(parts);
  });
});

describe("newChapterId", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes a version 4 UUID, also where crypto.randomUUID is missing (not a secure context)", () => {
    const v4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newChapterId()).toMatch(v4);
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", {
      getRandomValues: (bytes: Uint8Array<ArrayBuffer>) => real.getRandomValues(bytes),
    });
    const fallback = new Set(Array.from({ length: 50 }, () => newChapterId()));
    expect(fallback.size).toBe(50);
    for (const id of fallback) expect(id).toMatch(v4);
  });

  it("checks an id's shape", () => {
    expect(isChapterId("5B7F0C1E-8D2A-4C3B-9E4F-1A2B3C4D5E6F")).toBe(true);
    expect(isChapterId("chapter-1")).toBe(false);
  });
});
