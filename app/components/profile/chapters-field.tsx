// "Tell the life in chapters": the owner's chapters under the story, in the editor and the walkthrough's
// story step. Folded away while there are none (one text stays the default); each chapter has a title,
// a year or period and its text, moves earlier or later (its buttons, or Alt+↑ and Alt+↓ inside it) and
// is removed only once the owner confirms.
import { useId, useRef, useState, type KeyboardEvent } from "react";
import {
  maxChapterPeriod,
  maxChapterText,
  maxChapterTitle,
  maxChapters,
  newChapterId,
} from "../../../contract/chapter-values";
import type { Chapter } from "../../../contract/profiles";
import { useTranslation } from "../../lib/i18n";
import type { ContentProblems } from "../../lib/profile-form";
import { Button } from "../button";
import { Dialog } from "../dialog";
import { TextArea } from "../text-area";
import { TextField } from "../text-field";
import { useProblemText } from "./content-fields";

type Props = {
  chapters: Chapter[];
  onChange: (chapters: Chapter[]) => void;
  problems: ContentProblems;
};

/** Which control of a chapter takes the focus after a change: found again by these data attributes. */
type Spot = "title" | "earlier" | "later";

export function ChaptersField({ chapters, onChange, problems }: Props) {
  const { t } = useTranslation();
  const text = useProblemText();
  const regionId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(chapters.length > 0);
  const [said, setSaid] = useState("");
  const [removing, setRemoving] = useState<Chapter | null>(null);
  const nameOf = (chapter: Chapter) => chapter.title.trim() || t("life.chapters.untitled");

  /** After React has drawn the change: the focus goes to `spot` of the chapter `id` (or `fallback`). */
  function focusLater(id: string | null, spot: Spot | "add", fallback?: Spot) {
    requestAnimationFrame(() => {
      const scope = root.current;
      if (!scope) return;
      const find = (where: string) =>
        scope.querySelector<HTMLElement>(
          id ? `[data-chapter="${id}"] [data-spot="${where}"]` : `[data-spot="${where}"]`,
        );
      const target = find(spot);
      const usable = target && !(target as HTMLButtonElement).disabled ? target : fallback && find(fallback);
      usable?.focus();
    });
  }

  function add() {
    const chapter: Chapter = { id: newChapterId(), title: "", period: "", text: "" };
    onChange([...chapters, chapter]);
    setSaid("");
    focusLater(chapter.id, "title");
  }

  function update(id: string, patch: Partial<Chapter>) {
    onChange(chapters.map((chapter) => (chapter.id === id ? { ...chapter, ...patch } : chapter)));
  }

  function move(index: number, by: -1 | 1, spot: Spot) {
    const to = index + by;
    const chapter = chapters[index];
    if (!chapter || to < 0 || to >= chapters.length) return;
    const next = [...chapters];
    next.splice(index, 1);
    next.splice(to, 0, chapter);
    onChange(next);
    setSaid(t("life.chapters.moved", { title: nameOf(chapter), n: to + 1, total: chapters.length }));
    focusLater(chapter.id, spot, spot === "earlier" ? "later" : spot === "later" ? "earlier" : undefined);
  }

  function remove(chapter: Chapter) {
    const index = chapters.findIndex((each) => each.id === chapter.id);
    const rest = chapters.filter((each) => each.id !== chapter.id);
    onChange(rest);
    setRemoving(null);
    setSaid(t("life.chapters.removed", { title: nameOf(chapter) }));
    const neighbour = rest[Math.min(index, rest.length - 1)];
    focusLater(neighbour?.id ?? null, neighbour ? "title" : "add");
  }

  /** Alt+↑ and Alt+↓ anywhere in a chapter move it; the focus stays where it was. */
  function onKeyDown(event: KeyboardEvent<HTMLFieldSetElement>, index: number) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    const spot = (event.target as HTMLElement).dataset.spot as Spot | undefined;
    move(index, event.key === "ArrowUp" ? -1 : 1, spot ?? "title");
  }

  return (
    <div ref={root} className="flex flex-col gap-4" data-testid="chapters">
      <div className="flex flex-col gap-1">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={regionId}
          onClick={() => setOpen(!open)}
          className="group -mx-2 inline-flex min-h-11 items-center gap-2 self-start rounded-[var(--radius-control)] px-2 text-left font-semibold text-brand hover:bg-brand-soft"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className={`size-4 shrink-0 fill-none stroke-current stroke-2 transition-transform ${open ? "rotate-90" : ""}`}
          >
            <path d="M7 4l6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          {t("life.chapters.disclosure")}
          {chapters.length > 0 && (
            <span className="font-normal text-muted">
              ({t("life.chapters.count", { count: chapters.length })})
            </span>
          )}
        </button>
        {!open && <p className="text-sm text-muted">{t("life.chapters.closedHint")}</p>}
      </div>
      <div id={regionId} hidden={!open} className="flex flex-col gap-4">
        <p className="text-sm text-muted">{t("life.chapters.hint")}</p>
        {chapters.length > 0 && (
          <ol className="flex flex-col gap-4" aria-label={t("life.chapters.listLabel")}>
            {chapters.map((chapter, index) => {
              const found = problems.chapterRows?.[index] ?? {};
              const first = index === 0;
              const last = index === chapters.length - 1;
              const name = (
                <span className="sr-only">
                  {" "}
                  {t("life.chapters.which", { n: index + 1, title: nameOf(chapter) })}
                </span>
              );
              return (
                <li key={chapter.id} data-chapter={chapter.id}>
                  <fieldset
                    onKeyDown={(event) => onKeyDown(event, index)}
                    className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line border-l-4 border-l-brand bg-raised p-4"
                  >
                    <legend className="px-1 text-sm font-semibold text-ink">
                      <span className="text-muted">{t("life.chapters.chapter", { n: index + 1 })}</span>
                      {chapter.title.trim() && <span> · {chapter.title}</span>}
                    </legend>
                    <TextField
                      label={t("life.chapters.title")}
                      value={chapter.title}
                      maxLength={maxChapterTitle}
                      required
                      data-spot="title"
                      aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                      onChange={(event) => update(chapter.id, { title: event.target.value })}
                      error={text(found.title)}
                    />
                    <TextField
                      label={t("life.chapters.period")}
                      hint={first ? t("life.chapters.periodHint") : undefined}
                      value={chapter.period}
                      maxLength={maxChapterPeriod}
                      autoComplete="off"
                      className="sm:max-w-sm"
                      onChange={(event) => update(chapter.id, { period: event.target.value })}
                      error={text(found.period)}
                    />
                    <TextArea
                      label={t("life.chapters.text")}
                      hint={first ? t("life.chapters.textHint") : undefined}
                      value={chapter.text}
                      maxLength={maxChapterText}
                      rows={6}
                      onChange={(event) => update(chapter.id, { text: event.target.value })}
                      error={text(found.text)}
                    />
                    <div className="flex flex-wrap items-center gap-2 border-t border-line pt-3 [&>button]:px-3">
                      {chapters.length > 1 && (
                        <>
                          <Button
                            variant="secondary"
                            data-spot="earlier"
                            disabled={first}
                            aria-keyshortcuts="Alt+ArrowUp"
                            onClick={() => move(index, -1, "earlier")}
                          >
                            <span aria-hidden="true">↑</span>
                            {t("life.chapters.moveEarlier")}
                            {name}
                          </Button>
                          <Button
                            variant="secondary"
                            data-spot="later"
                            disabled={last}
                            aria-keyshortcuts="Alt+ArrowDown"
                            onClick={() => move(index, 1, "later")}
                          >
                            <span aria-hidden="true">↓</span>
                            {t("life.chapters.moveLater")}
                            {name}
                          </Button>
                        </>
                      )}
                      <Button
                        variant="ghost"
                        className="ml-auto text-danger"
                        onClick={() => setRemoving(chapter)}
                      >
                        {t("life.chapters.remove")}
                        {name}
                      </Button>
                    </div>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        )}
        {problems.chapters && <p className="text-sm font-medium text-danger">{text(problems.chapters)}</p>}
        {chapters.length < maxChapters ? (
          <div>
            <Button variant="secondary" data-spot="add" onClick={add}>
              <span aria-hidden="true">+</span>
              {chapters.length === 0 ? t("life.chapters.addFirst") : t("life.chapters.add")}
            </Button>
          </div>
        ) : (
          <p className="text-sm text-muted">{t("life.chapters.limit", { count: maxChapters })}</p>
        )}
        {chapters.length > 1 && <p className="text-sm text-muted">{t("life.chapters.keys")}</p>}
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
      <Dialog
        open={removing !== null}
        title={t("life.chapters.confirm.title")}
        onClose={() => setRemoving(null)}
      >
        <p className="text-ink">
          {t("life.chapters.confirm.body", { title: removing ? nameOf(removing) : "" })}
        </p>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t("life.chapters.confirm.keep")}
          </Button>
          <Button variant="danger" onClick={() => removing && remove(removing)}>
            {t("life.chapters.confirm.remove")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
