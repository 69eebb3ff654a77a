// The "Menu" button of a header whose links fold into a panel on small screens: the site's header
// (below 640 px) and the admin's (below 1024 px) look and speak the same.
type MenuButtonProps = {
  id: string;
  /** The panel it opens and closes. */
  controls: string;
  open: boolean;
  onToggle: () => void;
  label: string;
  /** Where the panel stops being one: the breakpoint class that hides the button (`sm:hidden`, `lg:hidden`). */
  hiddenFrom: "sm:hidden" | "lg:hidden";
};

export function MenuButton({ id, controls, open, onToggle, label, hiddenFrom }: MenuButtonProps) {
  return (
    <button
      id={id}
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
      className={`inline-flex min-h-11 items-center gap-2 rounded-[var(--radius-control)] border px-3 text-sm font-medium ${hiddenFrom} ${
        open ? "border-brand bg-brand-soft text-brand" : "border-line bg-raised text-ink hover:bg-brand-soft"
      }`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.75"
        strokeLinecap="round"
        className="size-5"
      >
        <path d={open ? "M5 5l10 10M15 5 5 15" : "M3.5 6h13M3.5 10h13M3.5 14h13"} />
      </svg>
      {label}
    </button>
  );
}
