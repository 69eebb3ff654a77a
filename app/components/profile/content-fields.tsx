// The fields of a profile's content, shared by the walkthrough and the editor.
import { useTranslation } from "../../lib/i18n";
import type { ProfileContent, ProfileLink } from "../../../contract/profiles";
import type { ContentProblems, Problem } from "../../lib/profile-form";
import { Button } from "../button";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";
import { ColourField } from "./colour-field";
import { ImageUpload } from "./image-upload";
import { LifeDateFields } from "./life/life-fields";

export function useProblemText() {
  const { t } = useTranslation();
  return (problem: Problem | undefined) => (problem ? t(problem.key, problem.values) : undefined);
}

export function LinksField({
  links,
  onChange,
  problems,
  hideLegend = false,
}: {
  links: ProfileLink[];
  onChange: (links: ProfileLink[]) => void;
  problems: ContentProblems;
  /** For a place that already names the links in a heading: the legend is then for screen readers. */
  hideLegend?: boolean;
}) {
  const { t } = useTranslation();
  const text = useProblemText();
  const update = (index: number, patch: Partial<ProfileLink>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className={hideLegend ? "sr-only" : "text-sm font-medium"}>{t("profile.editor.links")}</legend>
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
      <LifeDateFields content={content} set={set} problems={problems} />
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
      <ImageUpload
        profileId={profileId}
        kind="portrait"
        label={t("profile.editor.portrait")}
        value={content.portraitImageUrl}
        onChange={(url) => set({ portraitImageUrl: url })}
      />
      <ImageUpload
        profileId={profileId}
        kind="cover"
        label={t("profile.editor.cover")}
        value={content.coverImageUrl}
        onChange={(url) => set({ coverImageUrl: url })}
      />
      <ColourField
        value={content.themeColor}
        name={content.displayName}
        onChange={(themeColor) => set({ themeColor })}
      />
    </>
  );
}
