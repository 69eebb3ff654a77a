// A page that never goes dark (decisions, "The memorial itself"): a lapsed (`expired`) page still shows
// visitors its name, dates, portrait and the story's first paragraph. This is all of the content they
// get; the rest waits, kept whole, for the owner to renew.
import type { ProfileContent } from "../../../contract/profiles";
import type { RestingSummary } from "../../../contract/owner-pages";

const longestParagraph = 600;

/** The story's first paragraph, cut after a word when it runs long. */
export function firstParagraph(story: string): string {
  const first =
    story
      .split(/\n\s*\n/)
      .map((block) => block.trim())
      .find((block) => block.length > 0) ?? "";
  if (first.length <= longestParagraph) return first;
  const cut = first.slice(0, longestParagraph);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > longestParagraph / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:–-]+$/, "")}…`;
}

/** What a resting page shows visitors, from its stored content. */
export function restingSummary(content: Partial<ProfileContent>): RestingSummary {
  return {
    name: content.displayName ?? "",
    birthDate: content.birthDate ?? null,
    deathDate: content.deathDate ?? null,
    subtitle: content.subtitle ?? "",
    portraitImageUrl: content.portraitImageUrl ?? null,
    // A family that told the life only in chapters: the first chapter's opening stands for the story.
    firstParagraph: firstParagraph(
      content.story?.trim() ? content.story : (content.chapters?.[0]?.text ?? ""),
    ),
  };
}
