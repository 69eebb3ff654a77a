// Typesetting of what owners type on a keyboard: straight quotes and apostrophes become the
// language's typographic ones, and a spaced hyphen becomes a dash. Swedish quotes with ” on both
// sides; English opens with “ and closes with ”.

export function typeset(text: string, language: string): string {
  const swedish = language.toLowerCase().startsWith("sv");
  return (
    text
      // A double quote that opens: at the start, or after a space or an opening bracket or dash.
      .replace(/(^|[\s([{–—-])"/g, `$1${swedish ? "”" : "“"}`)
      .replace(/"/g, "”")
      // An apostrophe or a single quote: ’ except where one opens (English ‘ only).
      .replace(/(^|[\s([{–—-])'/g, `$1${swedish ? "’" : "‘"}`)
      .replace(/'/g, "’")
      // " - " and " -- " between words: an en dash with spaces, as both languages set it.
      .replace(/ --? /g, " – ")
      .replace(/\.\.\./g, "…")
  );
}
