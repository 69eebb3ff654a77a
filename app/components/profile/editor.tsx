// The owner's editor for a published page: every field at once; only what changed is sent.
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { ProfileContent } from "../../../contract/profiles";
import { api } from "../../lib/api";
import { contentProblems, hasProblems, type ContentProblems } from "../../lib/profile-form";
import { Alert } from "../alert";
import { Button } from "../button";
import { LinksField, NameFields, PictureFields, StoryField } from "./content-fields";

type Props = {
  id: string;
  initial: ProfileContent;
  visibility: "public" | "unlisted";
  onSaved: () => void;
  onClose: () => void;
};

export function Editor({ id, initial, visibility: initialVisibility, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<ProfileContent>(initial);
  const [content, setContent] = useState<ProfileContent>(initial);
  const [visibility, setVisibility] = useState(initialVisibility);
  const [problems, setProblems] = useState<ContentProblems>({});
  const [state, setState] = useState<"idle" | "busy" | "saved" | "failed">("idle");
  const set = (patch: Partial<ProfileContent>) => setContent((current) => ({ ...current, ...patch }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const changed = Object.fromEntries(
      Object.entries(content).filter(
        ([key, value]) => JSON.stringify(value) !== JSON.stringify(saved[key as keyof ProfileContent]),
      ),
    ) as Partial<ProfileContent>;
    const found = contentProblems(changed);
    setProblems(found);
    if (hasProblems(found)) return;
    setState("busy");
    try {
      if (Object.keys(changed).length > 0) {
        await api()("/api/kammare/profile", { method: "PUT", body: { profile: { id, ...changed } } });
      }
      if (visibility !== initialVisibility) {
        await api()("/api/kammare/profile-metadata", {
          method: "PUT",
          body: { id, metadata: { visibility } },
        });
      }
      setSaved(content);
      setState("saved");
      onSaved();
    } catch {
      // What was typed stays in the form.
      setState("failed");
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void save(event)}
      aria-labelledby="editor-heading"
      className="mx-auto flex w-full max-w-2xl flex-col gap-5 rounded-[var(--radius-card)] border border-line bg-raised p-6"
    >
      <h2 id="editor-heading" className="text-2xl font-semibold text-brand">
        {t("profile.editor.heading")}
      </h2>
      {state === "saved" && <Alert tone="success" title={t("profile.editor.saved")} />}
      {state === "failed" && <Alert tone="error" title={t("profile.editor.failed")} />}
      <NameFields content={content} set={set} problems={problems} />
      <StoryField content={content} set={set} problems={problems} />
      <PictureFields profileId={id} content={content} set={set} />
      <LinksField links={content.links} onChange={(links) => set({ links })} problems={problems} />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">{t("profile.editor.visibility")}</legend>
        {(["public", "unlisted"] as const).map((value) => (
          <label key={value} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
            />
            {value === "public"
              ? t("profile.editor.visibilityPublic")
              : t("profile.editor.visibilityUnlisted")}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={state === "busy"}>
          {state === "busy" ? t("profile.editor.saving") : t("profile.editor.save")}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {t("profile.editor.cancel")}
        </Button>
      </div>
    </form>
  );
}
