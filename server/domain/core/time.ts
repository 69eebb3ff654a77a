// Lengths of time the rules count in.

/** One day in milliseconds (the rules count whole days from a moment, not calendar days). */
export const dayMs = 24 * 60 * 60 * 1000;
