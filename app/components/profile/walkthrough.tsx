// The guided walkthrough: welcome, name, story, pictures, links, publish. Each step is saved as it
// is finished, so the owner can leave and resume where they were.
import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "../../lib/i18n";
import { freeTrialDays } from "../../../contract/pricing";
import type { ProfileVisibility } from "../../../contract/profile-values";
import type { ProfileContent, WalkthroughStepRequest } from "../../../contract/profiles";
import { walkthroughSteps, type WalkthroughStep } from "../../../contract/profile-values";
import { api } from "../../lib/api";
import { uploadedImages, usePendingUploads } from "../../lib/pending-uploads";
import {
  contentProblems,
  hasProblems,
  normalizedContent,
  type ContentProblems,
} from "../../lib/profile-form";
import { Alert } from "../alert";
import { Button } from "../button";
import { ChaptersField } from "./chapters-field";
import { LinksField, NameFields, PictureFields, StoryField } from "./content-fields";
import { ProfileView } from "./profile-view";
import { cardClass } from "../card";

type Props = {
  id: string;
  initial: ProfileContent;
  visibility: ProfileVisibility;
  /** The page's language, for the publish step's preview. */
  language: string;
  pageUrl: string;
  done: WalkthroughStep[];
  onPublished: () => void;
  /** A step was saved and the next one shows. */
  onStepSaved?: () => void;
};

/** What a visitor would miss, each with the step that fills it in: a nudge before publishing. */
function stillEmpty(content: ProfileContent): { field: string; step: WalkthroughStep }[] {
  const empty: { field: string; step: WalkthroughStep }[] = [];
  if (!content.subtitle.trim()) empty.push({ field: "subtitle", step: "name" });
  if (!content.story.trim() && content.chapters.length === 0) empty.push({ field: "story", step: "story" });
  if (!content.portraitImageUrl) empty.push({ field: "portrait", step: "images" });
  if (!content.coverImageUrl) empty.push({ field: "cover", step: "images" });
  if (content.links.length === 0) empty.push({ field: "links", step: "links" });
  return empty;
}

/** The fields each step saves. */
const stepFields: Record<WalkthroughStep, (keyof ProfileContent)[]> = {
  welcome: [],
  name: ["displayName", "birthDate", "deathDate", "subtitle"],
  story: ["story", "chapters"],
  images: ["portraitImageUrl", "coverImageUrl", "themeColor"],
  links: ["links"],
  publish: [],
};

export function Walkthrough({ id, initial, language, pageUrl, done, onPublished, onStepSaved }: Props) {
  const { t } = useTranslation();
  const firstOpen = walkthroughSteps.findIndex((step) => !done.includes(step));
  const [index, setIndex] = useState(firstOpen === -1 ? walkthroughSteps.length - 1 : firstOpen);
  const [content, setContent] = useState<ProfileContent>(initial);
  const [problems, setProblems] = useState<ContentProblems>({});
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const heading = useRef<HTMLHeadingElement>(null);
  const step = walkthroughSteps[index] as WalkthroughStep;
  const set = (patch: Partial<ProfileContent>) => setContent((current) => ({ ...current, ...patch }));
  const uploads = usePendingUploads();

  async function save(event: FormEvent) {
    event.preventDefault();
    // A picture still in its crop panel is uploaded first, as cropped, so it is not left behind.
    setState("busy");
    const uploaded = await uploads.flush();
    setState("idle");
    if (!uploaded) return;
    const current = normalizedContent({ ...content, ...uploadedImages(uploaded) });
    setContent(current);
    const fields = Object.fromEntries(stepFields[step].map((field) => [field, current[field]]));
    const found = contentProblems(fields);
    setProblems(found);
    if (hasProblems(found)) return;
    setState("busy");
    try {
      await api.post("/kammare/walkthrough-steps", {
        // The step's own fields (stepFields), so the body is the request of this step.
        body: { profileId: id, step, ...fields } as WalkthroughStepRequest,
      });
      setState("idle");
      if (step === "publish") {
        onPublished();
        return;
      }
      setIndex(index + 1);
      onStepSaved?.();
      // The new step's heading takes the focus, so screen readers announce where the user is.
      requestAnimationFrame(() => heading.current?.focus());
    } catch {
      setState("failed");
    }
  }

  return (
    <section aria-labelledby="walkthrough-step" className="mx-auto flex w-full max-w-xl flex-col gap-6 py-4">
      <title>{t("profile.walkthrough.title")}</title>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted">
          {t("profile.walkthrough.heading")} ·{" "}
          {t("profile.walkthrough.progress", { n: index + 1, total: walkthroughSteps.length })}
        </p>
        <ol className="flex gap-1" aria-label={t("profile.walkthrough.heading")}>
          {walkthroughSteps.map((name, at) => (
            <li
              key={name}
              aria-current={at === index ? "step" : undefined}
              className={`h-1.5 flex-1 rounded-full ${at <= index ? "bg-brand" : "bg-line"}`}
            >
              <span className="sr-only">{t(`profile.walkthrough.steps.${name}`)}</span>
            </li>
          ))}
        </ol>
      </div>
      <form
        noValidate
        onSubmit={(event) => void save(event)}
        className={`flex flex-col gap-5 ${cardClass} p-6`}
      >
        <uploads.Provider>
          <h1
            id="walkthrough-step"
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-semibold text-brand focus:outline-none"
          >
            {t(`profile.walkthrough.${step}.heading`)}
          </h1>
          <p className="text-muted">{t(`profile.walkthrough.${step}.lead`, { days: freeTrialDays })}</p>
          {state === "failed" && <Alert tone="error" title={t("profile.walkthrough.failed")} />}

          {step === "name" && <NameFields content={content} set={set} problems={problems} />}
          {step === "story" && (
            <>
              <StoryField content={content} set={set} problems={problems} />
              <ChaptersField
                chapters={content.chapters}
                onChange={(chapters) => set({ chapters })}
                problems={problems}
              />
            </>
          )}
          {step === "images" && <PictureFields profileId={id} content={content} set={set} />}
          {step === "links" && (
            <LinksField links={content.links} onChange={(links) => set({ links })} problems={problems} />
          )}
          {step === "publish" && !content.displayName.trim() && (
            <Alert tone="error" title={t("profile.walkthrough.publish.needsName")} />
          )}
          {step === "publish" && content.displayName.trim() && (
            <PublishPreview
              id={id}
              content={content}
              language={language}
              pageUrl={pageUrl}
              onGoTo={(target) => setIndex(walkthroughSteps.indexOf(target))}
            />
          )}

          <div className="flex flex-wrap items-center gap-3">
            {index > 0 && (
              <Button variant="secondary" onClick={() => setIndex(index - 1)}>
                {t("profile.walkthrough.back")}
              </Button>
            )}
            <Button
              type="submit"
              busy={state === "busy"}
              disabled={step === "publish" && !content.displayName.trim()}
            >
              {state === "busy"
                ? step === "publish"
                  ? t("profile.walkthrough.publish.busy")
                  : t("profile.walkthrough.saving")
                : step === "welcome"
                  ? t("profile.walkthrough.welcome.start")
                  : step === "publish"
                    ? t("profile.walkthrough.publish.button")
                    : t("profile.walkthrough.next")}
            </Button>
          </div>
        </uploads.Provider>
      </form>
    </section>
  );
}

/** The page as visitors will see it, and what is still empty (a nudge: publishing is not blocked). */
function PublishPreview({
  id,
  content,
  language,
  pageUrl,
  onGoTo,
}: {
  id: string;
  content: ProfileContent;
  language: string;
  pageUrl: string;
  onGoTo: (step: WalkthroughStep) => void;
}) {
  const { t } = useTranslation();
  const empty = stillEmpty(content);
  return (
    <div className="flex flex-col gap-4">
      {empty.length > 0 && (
        <div className="rounded-[var(--radius-control)] border border-line bg-surface px-4 py-3 text-sm">
          <p className="font-semibold">{t("publish.emptyHeading")}</p>
          <ul className="mt-1 flex flex-col">
            {empty.map(({ field, step }) => (
              <li key={field} className="flex items-center justify-between gap-3">
                <span className="text-muted">{t(`publish.empty.${field}`)}</span>
                <button
                  type="button"
                  onClick={() => onGoTo(step)}
                  className="min-h-11 px-2 font-medium text-brand underline underline-offset-4"
                >
                  {t("publish.add")}
                  <span className="sr-only"> {t(`publish.empty.${field}`)}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-muted">{t("publish.emptyLater")}</p>
        </div>
      )}
      <p className="text-sm font-semibold text-muted">{t("publish.previewHeading")}</p>
      {/* A window onto the page: scaled down, read-only, as a visitor will see it. */}
      <div className="max-h-[28rem] overflow-y-auto rounded-[var(--radius-card)] border border-line bg-surface shadow-inner">
        <div inert className="origin-top">
          <ProfileView id={id} content={content} pageUrl={pageUrl} language={language} preview />
        </div>
      </div>
    </div>
  );
}
