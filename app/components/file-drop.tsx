// A file to upload, chosen by clicking or by dropping it: a dashed drop zone that is the label of a
// visually hidden native input, so keyboards, screen readers and tests use the input itself, and no
// browser's "No file chosen" is ever shown. The screen says which file was chosen, its own way.
import { useId, useState, type DragEvent } from "react";

type FileDropProps = {
  /** The input's name (for tests and forms). */
  name: string;
  accept: string;
  /** What the zone says in bold (choose, or change the chosen file), and the hint under it. */
  title: string;
  hint: string;
  /** Called with the file chosen or dropped (undefined when the choice was cancelled). */
  onFile?: (file: File | undefined) => void;
  /** Many files at once (a camera roll): called with every file chosen or dropped instead. */
  onFiles?: (files: File[]) => void;
};

export function FileDrop({ name, accept, title, hint, onFile, onFiles }: FileDropProps) {
  const inputId = useId();
  const [dragging, setDragging] = useState(false);

  function drop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  }

  function take(files: FileList | null | undefined) {
    if (onFiles) {
      if (files?.length) onFiles([...files]);
    } else {
      onFile?.(files?.[0]);
    }
  }

  return (
    <>
      <input
        id={inputId}
        type="file"
        name={name}
        accept={accept}
        multiple={Boolean(onFiles)}
        className="peer sr-only"
        onChange={(event) => {
          take(event.target.files);
          // Emptied, so choosing the same file again (after fixing it) is a change too.
          event.target.value = "";
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`flex cursor-pointer flex-col items-center gap-2 rounded-[var(--radius-card)] border-2 border-dashed px-6 py-8 text-center peer-focus-visible:outline peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus ${
          dragging ? "border-brand bg-brand-soft" : "border-line bg-raised hover:bg-brand-soft"
        }`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-8 text-brand"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.75"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 16V4M7 9l5-5 5 5M5 20h14" />
        </svg>
        <span className="font-semibold text-ink">{title}</span>
        <span className="text-sm text-muted">{hint}</span>
      </label>
    </>
  );
}
