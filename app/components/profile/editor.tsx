// The owner's editor for a published page: the fields in sections, and a save bar that stays in view
// and says whether everything is saved. Only what changed is sent; leaving with unsaved changes asks.
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../../lib/i18n";
import { useBlocker } from "react-router";
import type { ProfileContent } from "../../../contract/profiles";
import { profileVisibilities, type ProfileVisibility } from "../../../contract/profile-values";
import { PrivateDoorSettings } from "./private-door-settings";
import { api } from "../../lib/api";
import { changedContent, contentProblems, hasProblems, type ContentProblems } from "../../lib/profile-form";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { LinksField, NameFields, PictureFields, StoryField } from "./content-fields";
import { ChaptersField } from "./chapters-field";
import { CeremonyFields, RestingPlaceFields } from "./life/life-fields";
import { cardClass } from "../card";
import { useFocusFirstProblem } from "../../lib/use-focus-first-problem";

type Visibility = ProfileVisibility;

const visibilityLabels = {
  public: "profile.editor.visibilityPublic",
  unlisted: "profile.editor.visibilityUnlisted",
  private: "profile.editor.visibilityPrivate",
} as const;

type Props = {
  id: string;
  initial: ProfileContent;
  visibility: Visibility;
  onClose: () => void;
};

type FailReason = "network" | "signedOut" | "forbidden" | "invalid" | "rejected" | "server";

/** Why a save failed, from the API client's error (the answer's status; none offline). */
function failReason(error: unknown): FailReason {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return "network";
  if (status === 401) return "signedOut";
  if (status === 403) return "forbidden";
  if (status === 400) return "rejected";
  return "server";
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 border-t border-line pt-6 first-of-type:border-t-0 first-of-type:pt-0"
    >
      <h3 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

export function Editor({ id, initial, visibility: initialVisibility, onClose }: Props) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstProblem = useFocusFirstProblem(form);
  const [saved, setSaved] = useState<ProfileContent>(initial);
  const [savedVisibility, setSavedVisibility] = useState<Visibility>(initialVisibility);
  const [content, setContent] = useState<ProfileContent>(initial);
  const [visibility, setVisibility] = useState<Visibility>(initialVisibility);
  const [problems, setProblems] = useState<ContentProblems>({});
  const [state, setState] = useState<"idle" | "saving" | "saved" | "failed">("idle");
  const [reason, setReason] = useState<FailReason>("server");
  const [confirmClose, setConfirmClose] = useState(false);
  // The editor opens on a click, so it is only rendered in the browser.
  const [shortcut] = useState(() =>
    typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "⌘S" : "Ctrl+S",
  );
  const set = (patch: Partial<ProfileContent>) => setContent((current) => ({ ...current, ...patch }));

  const changed = changedContent(saved, content);
  const dirty = Object.keys(changed).length > 0 || visibility !== savedVisibility;
  const status =
    state === "saving" || state === "failed"
      ? state
      : dirty
        ? "unsaved"
        : state === "saved"
          ? "saved"
          : "clean";

  async function save() {
    if (state === "saving") return;
    // Life and place are checked whole: a date's order, a coordinate typed wrong, a group's own rules.
    const { birthDate, deathDate, restingPlace, ceremony } = content;
    const found = contentProblems({ ...changed, birthDate, deathDate, restingPlace, ceremony });
    setProblems(found);
    if (hasProblems(found)) {
      setState("failed");
      setReason("invalid");
      // The first field to correct takes the focus (its message is tied to it).
      focusFirstProblem();
      return;
    }
    if (!dirty) return;
    const sentContent = content;
    const sentVisibility = visibility;
    setState("saving");
    try {
      if (Object.keys(changed).length > 0) {
        await api.put("/kammare/profile", { body: { profile: { id, ...changed } } });
        setSaved(sentContent);
      }
      if (sentVisibility !== savedVisibility) {
        await api.put("/kammare/profile-metadata", {
          body: { id, metadata: { visibility: sentVisibility } },
        });
        setSavedVisibility(sentVisibility);
      }
      setState("saved");
    } catch (error) {
      // What was typed stays in the form.
      setReason(failReason(error));
      setState("failed");
    }
  }

  // Ctrl+S (⌘S on Apple devices) saves, wherever the focus is in the editor's page.
  const onSaveKey = useEffectEvent(() => void save());
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "s") {
        event.preventDefault();
        onSaveKey();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Closing the tab or reloading with unsaved changes: the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  // Following a link inside the app with unsaved changes: our own question.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  function close() {
    if (dirty) setConfirmClose(true);
    else onClose();
  }

  const statusText = {
    clean: t("profile.editing.bar.clean"),
    unsaved: t("profile.editing.bar.unsaved"),
    saving: t("profile.editor.saving"),
    saved: t("profile.editor.saved"),
    failed: `${t("profile.editing.bar.failed")} ${t(`profile.editing.bar.reasons.${reason}`)}`,
  }[status];
  const dot = {
    clean: "bg-line",
    unsaved: "bg-accent",
    saving: "bg-brand animate-pulse",
    saved: "bg-success",
    failed: "bg-danger",
  }[status];
  const canRetry = status === "failed" && reason !== "invalid";

  return (
    <>
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        aria-labelledby="editor-heading"
        // Whatever takes the focus or is scrolled to stays clear of the save bar.
        className={`mx-auto flex w-full max-w-2xl flex-col gap-6 ${cardClass} px-4 pt-6 sm:px-6 [&_*]:scroll-mb-40`}
      >
        <h2 id="editor-heading" className="text-2xl font-semibold text-brand sm:text-3xl">
          {t("profile.editor.heading")}
        </h2>
        <Section id="editor-name" title={t("life.sections.name")}>
          <NameFields content={content} set={set} problems={problems} />
        </Section>
        <Section id="editor-story" title={t("profile.editing.sections.story")}>
          <StoryField content={content} set={set} problems={problems} />
          <ChaptersField
            chapters={content.chapters}
            onChange={(chapters) => set({ chapters })}
            problems={problems}
          />
        </Section>
        <Section id="editor-pictures" title={t("profile.editing.sections.pictures")}>
          <PictureFields profileId={id} content={content} set={set} />
        </Section>
        <Section id="editor-place" title={t("life.sections.place")}>
          <RestingPlaceFields content={content} set={set} problems={problems} />
        </Section>
        <Section id="editor-ceremony" title={t("life.sections.ceremony")}>
          <CeremonyFields content={content} set={set} problems={problems} />
        </Section>
        <Section id="editor-links" title={t("profile.editing.sections.links")}>
          <LinksField
            links={content.links}
            onChange={(links) => set({ links })}
            problems={problems}
            hideLegend
          />
        </Section>
        <Section id="editor-visibility" title={t("profile.editing.sections.visibility")}>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{t("profile.editor.visibility")}</legend>
            {profileVisibilities.map((value) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="visibility"
                  value={value}
                  checked={visibility === value}
                  onChange={() => setVisibility(value)}
                  className="size-5 accent-brand"
                />
                {t(visibilityLabels[value])}
              </label>
            ))}
          </fieldset>
          {visibility === "private" && (
            <PrivateDoorSettings profileId={id} saved={savedVisibility === "private"} />
          )}
        </Section>

        {/* The save bar: in view at the bottom of the screen for as long as the form is. */}
        <div className="sticky bottom-0 z-10 -mx-4 mt-2 rounded-b-[var(--radius-card)] border-t border-line bg-raised px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-6px_16px_-8px_rgb(29_35_33/0.18)] sm:-mx-6 sm:px-6">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div
              role="status"
              aria-live="polite"
              data-state={status}
              className={`flex min-w-0 items-start gap-2 text-sm ${status === "failed" ? "font-medium text-danger" : "text-ink"}`}
            >
              <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${dot}`} />
              <span>{statusText}</span>
            </div>
            <div className="flex shrink-0 items-center gap-2">
              <span className="hidden text-xs text-muted lg:inline">
                {t("profile.editing.bar.shortcut", { keys: shortcut })}
              </span>
              <Button variant="secondary" onClick={close}>
                {t("profile.editing.bar.close")}
              </Button>
              <Button
                type="submit"
                busy={status === "saving"}
                // Listed in full: Button's own `busy` rule is overridden by an explicit `disabled`.
                disabled={status === "clean" || status === "saved" || status === "saving"}
                aria-keyshortcuts="Control+S Meta+S"
                className="flex-1 sm:flex-none"
              >
                {status === "saving"
                  ? t("profile.editor.saving")
                  : canRetry
                    ? t("profile.editing.bar.retry")
                    : t("profile.editor.save")}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <Dialog
        open={blocker.state === "blocked" || confirmClose}
        title={confirmClose ? t("profile.editing.leave.closeTitle") : t("profile.editing.leave.title")}
        onClose={() => {
          setConfirmClose(false);
          if (blocker.state === "blocked") blocker.reset();
        }}
      >
        <p className="text-ink">{t("profile.editing.leave.body")}</p>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => {
              setConfirmClose(false);
              if (blocker.state === "blocked") blocker.reset();
            }}
          >
            {t("profile.editing.leave.stay")}
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (confirmClose) {
                setConfirmClose(false);
                onClose();
              } else if (blocker.state === "blocked") blocker.proceed();
            }}
          >
            {confirmClose ? t("profile.editing.leave.discard") : t("profile.editing.leave.leave")}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
