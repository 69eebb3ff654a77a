import { describe, expect, it } from "vitest";
import type { ProfileContent } from "../../contract/profiles";
import { changedContent } from "./profile-form";

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
