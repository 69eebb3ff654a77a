// A page without a cover photo still gets a face: a quiet band in the owner's colour, a soft light and
// a low horizon with a sprig of leaves, drawn inline (no request, no third party, nothing the CSP has to
// allow) and hidden from screen readers and print.

/** `scope` keeps the gradient's id unique when a preview and a page share a document. */
export function CoverBand({ scope }: { scope: string }) {
  const light = `${scope}-light`;
  return (
    <div
      aria-hidden="true"
      data-testid="cover-band"
      className="relative h-32 w-full overflow-hidden bg-[linear-gradient(170deg,color-mix(in_srgb,var(--profile-colour)_26%,var(--color-surface)),color-mix(in_srgb,var(--profile-colour)_7%,var(--color-surface))_75%)] text-[var(--profile-colour)] sm:mt-6 sm:h-40 sm:rounded-[var(--radius-card)] print:hidden"
    >
      <svg
        viewBox="0 0 800 160"
        preserveAspectRatio="xMinYMax slice"
        className="absolute inset-0 h-full w-full"
        focusable="false"
      >
        <defs>
          <radialGradient id={light} cx="0.78" cy="0.15" r="0.55">
            <stop offset="0" stopColor="#ffffff" stopOpacity="0.55" />
            <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="800" height="160" fill={`url(#${light})`} />
        {/* Two low hills, the far one lighter. */}
        <path
          d="M0 128 C 160 96, 300 112, 430 120 S 690 98, 800 112 L800 160 L0 160 Z"
          fill="currentColor"
          opacity="0.1"
        />
        <path
          d="M0 146 C 140 126, 320 140, 480 138 S 700 126, 800 134 L800 160 L0 160 Z"
          fill="currentColor"
          opacity="0.16"
        />
        {/* A sprig rising from the left hill: a curved stem with leaves on both sides. */}
        <g fill="currentColor" opacity="0.28">
          <path
            d="M92 150 C 96 120, 110 92, 132 66"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
          <ellipse cx="100" cy="124" rx="11" ry="4.5" transform="rotate(-35 100 124)" />
          <ellipse cx="112" cy="112" rx="11" ry="4.5" transform="rotate(-150 112 112)" />
          <ellipse cx="112" cy="98" rx="10" ry="4" transform="rotate(-40 112 98)" />
          <ellipse cx="124" cy="86" rx="10" ry="4" transform="rotate(-145 124 86)" />
          <ellipse cx="124" cy="74" rx="8.5" ry="3.5" transform="rotate(-50 124 74)" />
          <ellipse cx="135" cy="62" rx="7" ry="3" transform="rotate(-60 135 62)" />
        </g>
      </svg>
    </div>
  );
}
