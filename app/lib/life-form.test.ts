import { describe, expect, it } from "vitest";
import {
  ceremonyIsAhead,
  formatDay,
  formatTime,
  geoLink,
  lifeSpan,
  openStreetMapLink,
  parseCoordinate,
} from "./life-and-place";
import { ceremonyOrNull, emptyCeremony, emptyPlace, placeOrNull } from "./life-form";
import { contentProblems, hasProblems } from "./profile-form";

const words = { born: (date: string) => `Born ${date}`, died: (date: string) => `Died ${date}` };
const place = {
  cemetery: "Norra begravningsplatsen",
  block: "21A",
  grave: "417",
  latitude: 59.3,
  longitude: 18,
};
const ceremony = {
  date: "2026-12-11",
  time: "13:30",
  place: "Uppsala domkyrka",
  address: "",
  livestreamUrl: null,
  note: "",
};

describe("the dates as people read them", () => {
  it("writes the span of a life in each language, or the one date there is", () => {
    expect(lifeSpan("1931-03-12", "2024-06-04", "sv-SE", words)).toBe("12 mars 1931 – 4 juni 2024");
    expect(lifeSpan("1931-03-12", "2024-06-04", "en-US", words)).toBe("March 12, 1931 – June 4, 2024");
    expect(lifeSpan("1931-03-12", null, "en-US", words)).toBe("Born March 12, 1931");
    expect(lifeSpan(null, "2024-06-04", "sv-SE", words)).toBe("Died 4 juni 2024");
    expect(lifeSpan(null, null, "sv-SE", words)).toBe("");
  });

  it("keeps the day whatever the machine's time zone (the first of January stays the first)", () => {
    expect(formatDay("2025-01-01", "en-US")).toBe("January 1, 2025");
    expect(formatDay("2026-12-11", "sv-SE", "full")).toBe("fredag 11 december 2026");
    expect(formatTime("13:30", "sv-SE")).toBe("13:30");
    expect(formatTime("13:30", "en-US")).toBe("1:30 PM");
  });
});

describe("the ceremony's place on the page", () => {
  it("is at the top until the day after it is over", () => {
    expect(ceremonyIsAhead({ date: "2026-12-11" }, "2026-12-01")).toBe(true);
    expect(ceremonyIsAhead({ date: "2026-12-11" }, "2026-12-11")).toBe(true);
    expect(ceremonyIsAhead({ date: "2026-12-11" }, "2026-12-12")).toBe(true);
    expect(ceremonyIsAhead({ date: "2026-12-11" }, "2026-12-13")).toBe(false);
    expect(ceremonyIsAhead({ date: "2026-12-31" }, "2027-01-01")).toBe(true);
    expect(ceremonyIsAhead({ date: "2026-12-31" }, "2027-01-02")).toBe(false);
  });
});

describe("the map links", () => {
  it("carry the spot to six decimals", () => {
    expect(geoLink(59.35621234, 18.0193)).toBe("geo:59.356212,18.0193");
    expect(openStreetMapLink(-33.9, 151.2)).toBe(
      "https://www.openstreetmap.org/?mlat=-33.9&mlon=151.2#map=18/-33.9/151.2",
    );
  });

  it("read a coordinate typed with a decimal comma; anything else is wrong, empty is none", () => {
    expect(parseCoordinate(" 59,3562 ")).toBe(59.3562);
    expect(parseCoordinate("-18.5")).toBe(-18.5);
    expect(parseCoordinate("")).toBeNull();
    expect(parseCoordinate("59°21′N")).toBeNaN();
  });
});

describe("the form's checks of life and place", () => {
  it("finds a date of death before the birth, under the date of death", () => {
    const found = contentProblems({ birthDate: "2024-06-04", deathDate: "1931-03-12" });
    expect(found.deathDate?.key).toBe("life.validation.deathBeforeBirth");
    expect(hasProblems(found)).toBe(true);
    expect(hasProblems(contentProblems({ birthDate: "1931-03-12", deathDate: "2024-06-04" }))).toBe(false);
  });

  it("ties each problem of the place to its field", () => {
    expect(contentProblems({ restingPlace: { ...place, latitude: 91 } }).restingPlace?.latitude?.key).toBe(
      "life.validation.latitude",
    );
    expect(
      contentProblems({ restingPlace: { ...place, longitude: null } }).restingPlace?.longitude?.key,
    ).toBe("life.validation.bothCoordinates");
    expect(
      contentProblems({ restingPlace: { ...place, latitude: Number.NaN } }).restingPlace?.latitude?.key,
    ).toBe("life.validation.number");
    expect(contentProblems({ restingPlace: { ...place, cemetery: " " } }).restingPlace?.cemetery?.key).toBe(
      "life.validation.cemeteryRequired",
    );
    expect(hasProblems(contentProblems({ restingPlace: place }))).toBe(false);
  });

  it("ties each problem of the ceremony to its field; a link typed www. is taken as https", () => {
    const found = contentProblems({
      ceremony: { ...ceremony, time: "25:00", livestreamUrl: "http://example.se", note: "<b>x</b>" },
    }).ceremony;
    expect(found?.time?.key).toBe("life.validation.time");
    expect(found?.livestreamUrl?.key).toBe("profile.validation.https");
    expect(found?.note?.key).toBe("profile.validation.noHtml");
    expect(
      hasProblems(contentProblems({ ceremony: { ...ceremony, livestreamUrl: "www.svenskakyrkan.se/live" } })),
    ).toBe(false);
  });

  it("takes an emptied group as none at all", () => {
    expect(placeOrNull(emptyPlace)).toBeNull();
    expect(ceremonyOrNull(emptyCeremony)).toBeNull();
    expect(placeOrNull({ ...emptyPlace, grave: "12" })).toEqual({ ...emptyPlace, grave: "12" });
  });
});
