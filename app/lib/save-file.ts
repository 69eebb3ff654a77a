// Saves a file the page fetched (a PDF made by a POST, which a plain link cannot ask for) under a name,
// through a temporary link; its address is let go a minute later, when the download has surely begun.
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
