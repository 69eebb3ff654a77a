// The checks of life and place in a form (the same rules as contract/profiles.ts), answering i18n keys:
// the dates, the place of rest and the ceremony, each problem tied to its own field.
import { isCalendarDate } from "../../contract/calendar-days";
import { linkWithScheme } from "../../contract/profile-values";
import type { Ceremony, ProfileContent, RestingPlace } from "../../contract/profiles";
import type { Problem } from "./form-problem";

export type PlaceField = "cemetery" | "block" | "grave" | "latitude" | "longitude";
export type CeremonyField = "date" | "time" | "place" | "address" | "livestreamUrl" | "note";

export type LifeProblems = Partial<Record<"birthDate" | "deathDate" | "graveRightEndsOn", Problem>> & {
  restingPlace?: Partial<Record<PlaceField, Problem>>;
  ceremony?: Partial<Record<CeremonyField, Problem>>;
};

const html = /<\s*[a-zA-Z!/?]/;

function plain(value: string, max: number, required?: string): Problem | undefined {
  if (required && !value.trim()) return { key: required };
  if (value.length > max) return { key: "profile.validation.tooLong", values: { count: max } };
  if (html.test(value)) return { key: "profile.validation.noHtml" };
  return undefined;
}

function day(value: string | null | undefined): Problem | undefined {
  return value && !isCalendarDate(value) ? { key: "life.validation.date" } : undefined;
}

function coordinate(value: number | null, other: number | null, limit: 90 | 180): Problem | undefined {
  if (value === null) return other === null ? undefined : { key: "life.validation.bothCoordinates" };
  if (Number.isNaN(value)) return { key: "life.validation.number" };
  if (Math.abs(value) > limit) {
    return { key: limit === 90 ? "life.validation.latitude" : "life.validation.longitude" };
  }
  return undefined;
}

function httpsLink(value: string | null): Problem | undefined {
  if (value === null) return undefined;
  try {
    return new URL(linkWithScheme(value)).protocol === "https:"
      ? undefined
      : { key: "profile.validation.https" };
  } catch {
    return { key: "profile.validation.https" };
  }
}

function placeProblems(place: RestingPlace): LifeProblems["restingPlace"] {
  return {
    cemetery: plain(place.cemetery, 120, "life.validation.cemeteryRequired"),
    block: plain(place.block, 40),
    grave: plain(place.grave, 40),
    latitude: coordinate(place.latitude, place.longitude, 90),
    longitude: coordinate(place.longitude, place.latitude, 180),
  };
}

function ceremonyProblems(ceremony: Ceremony): LifeProblems["ceremony"] {
  return {
    date: ceremony.date ? day(ceremony.date) : { key: "life.validation.ceremonyDate" },
    time: /^([01]\d|2[0-3]):[0-5]\d$/.test(ceremony.time) ? undefined : { key: "life.validation.time" },
    place: plain(ceremony.place, 120, "life.validation.ceremonyPlace"),
    address: plain(ceremony.address, 200),
    livestreamUrl: httpsLink(ceremony.livestreamUrl),
    note: plain(ceremony.note, 1000),
  };
}

/** Checks the life-and-place fields present in `content` (a form's whole content or a patch of it). */
export function lifeProblems(content: Partial<ProfileContent>): LifeProblems {
  const problems: LifeProblems = {
    birthDate: day(content.birthDate),
    deathDate: day(content.deathDate),
    graveRightEndsOn: day(content.graveRightEndsOn),
  };
  const { birthDate, deathDate } = content;
  if (!problems.birthDate && !problems.deathDate && birthDate && deathDate && deathDate < birthDate) {
    problems.deathDate = { key: "life.validation.deathBeforeBirth" };
  }
  if (content.restingPlace) problems.restingPlace = placeProblems(content.restingPlace);
  if (content.ceremony) problems.ceremony = ceremonyProblems(content.ceremony);
  return problems;
}

/** A group whose every field is empty is no group at all (null), so an emptied form clears it. */
export function placeOrNull(place: RestingPlace): RestingPlace | null {
  const empty =
    !place.cemetery.trim() &&
    !place.block.trim() &&
    !place.grave.trim() &&
    place.latitude === null &&
    place.longitude === null;
  return empty ? null : place;
}

export function ceremonyOrNull(ceremony: Ceremony): Ceremony | null {
  const empty =
    !ceremony.date &&
    !ceremony.time &&
    !ceremony.place.trim() &&
    !ceremony.address.trim() &&
    !ceremony.livestreamUrl &&
    !ceremony.note.trim();
  return empty ? null : ceremony;
}

export const emptyPlace: RestingPlace = {
  cemetery: "",
  block: "",
  grave: "",
  latitude: null,
  longitude: null,
};
export const emptyCeremony: Ceremony = {
  date: "",
  time: "",
  place: "",
  address: "",
  livestreamUrl: null,
  note: "",
};
