// The fields of a profile's content, shared by the walkthrough and the editor.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileContent, ProfileLink } from "../../../contract/profiles";
import { api } from "../../lib/api";
import type { ContentProblems, Problem } from "../../lib/profile-form";
import { Button } from "../button";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";

export function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem | undefined) => (problem ? t(problem.key, problem.values) : undefined);
}

export function LinksField({
  links,
  onChange,
  problems,
}: {
  links: ProfileLink[];
  onChange: (links: ProfileLink[]) => void;
  problems: ContentProblems;
}) {
  const { t } = useTranslation();
  const text = useProblemText();
  const update = (index: number, patch: Partial<ProfileLink>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="text-sm font-medium">{t("profile.editor.links")}</legend>
      {links.map((link, index) => (
        <div
          key={index}
          className="flex flex-col gap-2 rounded-[var(--radius-control)] border border-line p-3"
        >
          <TextField
            label={t("profile.editor.linkLabel")}
            value={link.label}
            maxLength={80}
            onChange={(event) => update(index, { label: event.target.value })}
            error={text(problems.linkRows?.[index]?.label)}
          />
          <TextField
            label={t("profile.editor.linkUrl")}
            type="url"
            inputMode="url"
            value={link.url}
            onChange={(event) => update(index, { url: event.target.value })}
            error={text(problems.linkRows?.[index]?.url)}
          />
          <div>
            <Button variant="ghost" onClick={() => onChange(links.filter((_, at) => at !== index))}>
              {t("profile.editor.removeLink", { n: index + 1 })}
            </Button>
          </div>
        </div>
      ))}
      {problems.links && <p className="text-sm font-medium text-danger">{text(problems.links)}</p>}
      {links.length < 12 && (
        <div>
          <Button variant="secondary" onClick={() => onChange([...links, { label: "", url: "https://" }])}>
            {t("profile.editor.addLink")}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** An image chosen from the device, uploaded at once; the field holds the stored image's address. */
export function ImageField({
  profileId,
  kind,
  label,
  value,
  onChange,
}: {
  profileId: string;
  kind: "portrait" | "cover";
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");

  async function upload(file: File) {
    setState("busy");
    try {
      const form = new FormData();
      form.set("profileId", profileId);
      form.set("kind", kind);
      form.set("image", file);
      const answer = await api()<{ image: { url: string } }>("/api/kammare/images", {
        method: "POST",
        body: form,
      });
      onChange(answer.image.url);
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {value && (
        <img
          src={value}
          alt=""
          className={
            kind === "portrait"
              ? "size-24 rounded-full object-cover"
              : "aspect-[8/3] w-full max-w-md rounded object-cover"
          }
        />
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        disabled={state === "busy"}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
          event.target.value = "";
        }}
        className="text-sm file:mr-3 file:min-h-11 file:rounded-[var(--radius-control)] file:border file:border-line file:bg-raised file:px-3 file:font-medium"
      />
      <p id={`${id}-hint`} className="text-sm text-muted">
        {state === "busy" ? t("profile.editor.uploading") : t("profile.editor.uploadHint")}
      </p>
      {state === "failed" && (
        <p role="alert" className="text-sm font-medium text-danger">
          {t("profile.editor.uploadFailed")}
        </p>
      )}
      {value && (
        <div>
          <Button variant="ghost" onClick={() => onChange(null)}>
            {t("profile.editor.removeImage")}
          </Button>
        </div>
      )}
    </div>
  );
}

export function ColorField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <label htmlFor={id} className="text-sm font-medium">
        {t("profile.editor.themeColor")}
      </label>
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-16 rounded border border-line"
      />
    </div>
  );
}

/** What the field groups below share: the content, a way to change it, and its problems. */
type GroupProps = {
  content: ProfileContent;
  set: (patch: Partial<ProfileContent>) => void;
  problems: ContentProblems;
};

export function NameFields({ content, set, problems }: GroupProps) {
  const { t } = useTranslation();
  const text = useProblemText();
  return (
    <>
      <TextField
        label={t("profile.editor.displayName")}
        value={content.displayName}
        maxLength={120}
        required
        onChange={(event) => set({ displayName: event.target.value })}
        error={text(problems.displayName)}
      />
      <TextField
        label={t("profile.editor.subtitle")}
        hint={t("profile.editor.subtitleHint")}
        value={content.subtitle}
        maxLength={200}
        onChange={(event) => set({ subtitle: event.target.value })}
        error={text(problems.subtitle)}
      />
    </>
  );
}

export function StoryField({ content, set, problems }: GroupProps) {
  const { t } = useTranslation();
  const text = useProblemText();
  return (
    <TextArea
      label={t("profile.editor.story")}
      hint={t("profile.editor.storyHint")}
      value={content.story}
      maxLength={20_000}
      rows={10}
      onChange={(event) => set({ story: event.target.value })}
      error={text(problems.story)}
    />
  );
}

export function PictureFields({
  profileId,
  content,
  set,
}: Omit<GroupProps, "problems"> & { profileId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <ImageField
        profileId={profileId}
        kind="portrait"
        label={t("profile.editor.portrait")}
        value={content.portraitImageUrl}
        onChange={(url) => set({ portraitImageUrl: url })}
      />
      <ImageField
        profileId={profileId}
        kind="cover"
        label={t("profile.editor.cover")}
        value={content.coverImageUrl}
        onChange={(url) => set({ coverImageUrl: url })}
      />
      <ColorField value={content.themeColor} onChange={(themeColor) => set({ themeColor })} />
    </>
  );
}
