// A thin progress bar with its percentage beside it (an upload, a conversion).
export function ProgressBar({ percent, label, text }: { percent: number; label: string; text: string }) {
  return (
    <div className="flex items-center gap-3">
      <progress
        value={percent}
        max={100}
        aria-label={label}
        className="h-2 min-w-0 flex-1 appearance-none overflow-hidden rounded-full [&::-moz-progress-bar]:bg-brand [&::-webkit-progress-bar]:bg-line [&::-webkit-progress-value]:bg-brand"
      />
      <span aria-hidden="true" className="shrink-0 text-sm tabular-nums text-muted">
        {text}
      </span>
    </div>
  );
}
