// The owner's fields for life and place (ADR 029), shared by the walkthrough and the editor: the dates
// (which fill in an empty subtitle), the place of rest with its coordinates (typed, or the phone's own
// position at the grave), the grave right's end, and the ceremony.
import { useState } from "react";
import type { Ceremony, ProfileContent, RestingPlace } from "../../../../contract/profiles";
import { useTranslation } from "../../../lib/i18n";
import { lifeSpan, parseCoordinate } from "../../../lib/life-and-place";
import {
  ceremonyOrNull,
  emptyCeremony,
  emptyPlace,
  placeOrNull,
  type LifeProblems,
} from "../../../lib/life-form";
import type { Problem } from "../../../lib/form-problem";
import { Button } from "../../button";
import { DateField } from "../../date-field";
import { TextArea } from "../../text-area";
import { TextField } from "../../text-field";

type GroupProps = {
  content: ProfileContent;
  set: (patch: Partial<ProfileContent>) => void;
  problems: LifeProblems;
};

function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem | undefined) => (problem ? t(problem.key, problem.values) : undefined);
}

/** The span of a life in the form's language, as an empty subtitle is filled in with it. */
function useLifeSpan() {
  const { t, i18n } = useTranslation();
  return (birthDate: string | null, deathDate: string | null) =>
    lifeSpan(birthDate, deathDate, i18n.language, {
      born: (date) => t("life.dates.born", { date }),
      died: (date) => t("life.dates.died", { date }),
    });
}

/** Date of birth and of death, side by side; an empty subtitle (or one they filled in) follows them. */
export function LifeDateFields({ content, set, problems }: GroupProps) {
  const { t } = useTranslation();
  const text = useProblemText();
  const span = useLifeSpan();
  const change = (patch: { birthDate?: string | null; deathDate?: string | null }) => {
    const next = { birthDate: content.birthDate, deathDate: content.deathDate, ...patch };
    const filledIn = span(content.birthDate, content.deathDate);
    const subtitle =
      !content.subtitle.trim() || content.subtitle === filledIn
        ? span(next.birthDate, next.deathDate)
        : content.subtitle;
    set({ ...patch, subtitle });
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t("life.dates.birthDate")}
          value={content.birthDate ?? ""}
          max="9999-12-31"
          autoComplete="off"
          onChange={(event) => change({ birthDate: event.target.value || null })}
          error={text(problems.birthDate)}
        />
        <DateField
          label={t("life.dates.deathDate")}
          value={content.deathDate ?? ""}
          max="9999-12-31"
          autoComplete="off"
          onChange={(event) => change({ deathDate: event.target.value || null })}
          error={text(problems.deathDate)}
        />
      </div>
      <p className="text-sm text-muted">{t("life.dates.hint")}</p>
    </div>
  );
}

type Locating = "idle" | "locating" | "refused" | "unavailable" | { metres: number };

/** A coordinate's field: what was typed stays as typed; the content holds its number (NaN when wrong). */
function CoordinateField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
  error: string | undefined;
}) {
  const [typed, setTyped] = useState(value === null ? "" : String(value));
  // A value set from outside (the phone's position, cleared) replaces what was typed.
  const [seen, setSeen] = useState(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    if (!Object.is(parseCoordinate(typed), value)) setTyped(value === null ? "" : String(value));
  }
  return (
    <TextField
      label={label}
      value={typed}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={20}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(parseCoordinate(event.target.value));
      }}
      error={error}
    />
  );
}

/** The cemetery, block and grave number, where the grave is, and the grave right's end. */
export function RestingPlaceFields({ content, set, problems }: GroupProps) {
  const { t } = useTranslation();
  const text = useProblemText();
  const place = content.restingPlace ?? emptyPlace;
  const placeProblems = problems.restingPlace ?? {};
  const [locating, setLocating] = useState<Locating>("idle");
  const change = (patch: Partial<RestingPlace>) => set({ restingPlace: placeOrNull({ ...place, ...patch }) });

  function locate() {
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !window.isSecureContext) {
      setLocating("unavailable");
      return;
    }
    setLocating("locating");
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const round = (value: number) => Math.round(value * 1e6) / 1e6;
        change({ latitude: round(position.coords.latitude), longitude: round(position.coords.longitude) });
        setLocating({ metres: Math.max(1, Math.round(position.coords.accuracy)) });
      },
      (error) => setLocating(error.code === error.PERMISSION_DENIED ? "refused" : "unavailable"),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 0 },
    );
  }

  const said =
    locating === "idle"
      ? ""
      : locating === "locating"
        ? t("life.place.locating")
        : locating === "refused" || locating === "unavailable"
          ? t(`life.place.${locating}`)
          : t("life.place.located", { metres: locating.metres });
  const failed = locating === "refused" || locating === "unavailable";

  return (
    <>
      <TextField
        label={t("life.place.cemetery")}
        hint={t("life.place.cemeteryHint")}
        value={place.cemetery}
        maxLength={120}
        onChange={(event) => change({ cemetery: event.target.value })}
        error={text(placeProblems.cemetery)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t("life.place.block")}
          value={place.block}
          maxLength={40}
          onChange={(event) => change({ block: event.target.value })}
          error={text(placeProblems.block)}
        />
        <TextField
          label={t("life.place.grave")}
          value={place.grave}
          maxLength={40}
          onChange={(event) => change({ grave: event.target.value })}
          error={text(placeProblems.grave)}
        />
      </div>
      <fieldset className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line p-4">
        <legend className="px-1 text-sm font-medium text-ink">{t("life.place.where")}</legend>
        <p className="text-sm text-muted">{t("life.place.whereHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          <CoordinateField
            label={t("life.place.latitude")}
            value={place.latitude}
            onChange={(latitude) => change({ latitude })}
            error={text(placeProblems.latitude)}
          />
          <CoordinateField
            label={t("life.place.longitude")}
            value={place.longitude}
            onChange={(longitude) => change({ longitude })}
            error={text(placeProblems.longitude)}
          />
        </div>
        <p className="text-sm text-muted">{t("life.place.useLocationHint")}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={locating === "locating"} onClick={locate}>
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4 fill-none stroke-current stroke-[1.8]"
            >
              <circle cx="10" cy="10" r="3" />
              <path d="M10 1.5v3M10 15.5v3M1.5 10h3M15.5 10h3" strokeLinecap="round" />
            </svg>
            {t("life.place.useLocation")}
          </Button>
          {(place.latitude !== null || place.longitude !== null) && (
            <Button
              variant="ghost"
              onClick={() => {
                change({ latitude: null, longitude: null });
                setLocating("idle");
              }}
            >
              {t("life.place.clearCoordinates")}
            </Button>
          )}
        </div>
        <p
          role="status"
          data-testid="location-status"
          className={`text-sm empty:hidden ${failed ? "font-medium text-danger" : "text-muted"}`}
        >
          {said}
        </p>
      </fieldset>
      <DateField
        label={t("life.place.graveRight")}
        hint={t("life.place.graveRightHint")}
        value={content.graveRightEndsOn ?? ""}
        max="9999-12-31"
        onChange={(event) => set({ graveRightEndsOn: event.target.value || null })}
        error={text(problems.graveRightEndsOn)}
      />
    </>
  );
}

/** The ceremony: when and where, an optional livestream, and a note to visitors. */
export function CeremonyFields({ content, set, problems }: GroupProps) {
  const { t } = useTranslation();
  const text = useProblemText();
  const ceremony = content.ceremony ?? emptyCeremony;
  const found = problems.ceremony ?? {};
  const change = (patch: Partial<Ceremony>) => set({ ceremony: ceremonyOrNull({ ...ceremony, ...patch }) });
  return (
    <>
      <p className="text-sm text-muted">{t("life.ceremony.lead")}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <DateField
          label={t("life.ceremony.date")}
          value={ceremony.date}
          max="9999-12-31"
          onChange={(event) => change({ date: event.target.value })}
          error={text(found.date)}
        />
        <TextField
          label={t("life.ceremony.time")}
          type="time"
          value={ceremony.time}
          className="[&_input]:max-w-48"
          onChange={(event) => change({ time: event.target.value })}
          error={text(found.time)}
        />
      </div>
      <TextField
        label={t("life.ceremony.place")}
        hint={t("life.ceremony.placeHint")}
        value={ceremony.place}
        maxLength={120}
        onChange={(event) => change({ place: event.target.value })}
        error={text(found.place)}
      />
      <TextField
        label={t("life.ceremony.address")}
        value={ceremony.address}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => change({ address: event.target.value })}
        error={text(found.address)}
      />
      <TextField
        label={t("life.ceremony.livestreamUrl")}
        type="url"
        inputMode="url"
        value={ceremony.livestreamUrl ?? ""}
        maxLength={2000}
        onChange={(event) => change({ livestreamUrl: event.target.value.trim() ? event.target.value : null })}
        error={text(found.livestreamUrl)}
      />
      <TextArea
        label={t("life.ceremony.note")}
        hint={t("life.ceremony.noteHint")}
        value={ceremony.note}
        maxLength={1000}
        rows={3}
        onChange={(event) => change({ note: event.target.value })}
        error={text(found.note)}
      />
      {content.ceremony && (
        <div>
          <Button variant="ghost" onClick={() => set({ ceremony: null })}>
            {t("life.ceremony.remove")}
          </Button>
        </div>
      )}
    </>
  );
}
