// Typesetting of what owners type on a keyboard. Swedish: straight quotes and apostrophes become
// ” and ’ (Swedish quotes with ” on both sides). English keeps the quotes as typed: curling them
// needs to know which quote opens, and guessing wrong (’90s, rock ’n’ roll, quotes inside quotes)
// is worse than the straight ones owners typed. Both: a spaced hyphen becomes a dash, ... an ellipsis.

export function typeset(text: string, language: string): string {
  const swedish = language.toLowerCase().startsWith("sv");
  const quoted = swedish ? text.replace(/"/g, "”").replace(/'/g, "’") : text;
  return (
    quoted
      // " - " and " -- " between words: an en dash with spaces, as both languages set it.
      .replace(/ --? /g, " – ")
      .replace(/\.\.\./g, "…")
  );
}

/** Plain text as paragraphs: an empty line starts a new one, single line breaks are kept. */
export function paragraphs(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split("\n").map((line) => line.trimEnd()))
    .filter((lines) => lines.some((line) => line.trim()));
}
