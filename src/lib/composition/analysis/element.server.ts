// What each measure of the local analyser returns: one compositionElements entry (a score 0-10 and
// its feedback) plus the sentences the strengths, improvements and tips are chosen from.

export interface Element {
  name: string;
  /** 0-10, an integer. */
  score: number;
  /** How much it counts in the overall score. */
  weight: number;
  /** What was measured, in words. */
  feedback: string;
  /** What to do about it next time; used when the element is weak. */
  advice: string;
  /** Tips for the field, offered when this is one of the weakest elements. */
  tips: string[];
}

/** 0-10 as an integer (the overall score keeps one decimal). */
export const clampScore = (s: number) => Math.round(Math.min(10, Math.max(0, s)));

/** A fraction as a readable percentage: 0.234 → "23%", 0.004 → "0.4%". */
export const percent = (fraction: number) => {
  const p = fraction * 100;
  return `${p < 1 && p > 0 ? p.toFixed(1) : Math.round(p)}%`;
};
