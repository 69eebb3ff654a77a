// The light page's memory form (ADR 011): how many photos were chosen, said beside the button that
// chooses them, from the texts the server wrote on the element (`data-chosen-1` … `data-chosen-4`, the
// last for more than a memory takes). The app says the same with React (memories/visitor-forms.tsx).
export function sayChosenPhotos(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement>("input[type=file][data-chosen-photos]")) {
    const output = document.getElementById(input.dataset.chosenPhotos ?? "");
    if (!output) continue;
    input.addEventListener("change", () => {
      const count = input.files?.length ?? 0;
      output.textContent = count === 0 ? "" : (output.dataset[`chosen-${Math.min(count, 4)}`] ?? "");
    });
  }
}
