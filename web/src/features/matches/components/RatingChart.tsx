import type { RatingChange } from '../api/player-ratings';

const WIDTH = 320;
const HEIGHT = 96;
const PAD = 8;

/**
 * A rating's history as a line (DESIGN.md §11): the start, then the rating after each change. The picture is
 * described in words by `label`; the same figures are in the table beside it.
 */
export function RatingChart({ changes, label }: { changes: readonly RatingChange[]; label: string }) {
  const values = [changes[0]?.before ?? 1500, ...changes.map((change) => change.after)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const x = (index: number) => PAD + (index * (WIDTH - 2 * PAD)) / Math.max(1, values.length - 1);
  const y = (value: number) => HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / span;
  const points = values.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label={label}
      className="h-24 w-full max-w-sm text-brand-700"
      preserveAspectRatio="none"
    >
      <polyline
        points={points}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
      {values.map((value, index) => (
        <circle key={index} cx={x(index)} cy={y(value)} r="3" fill="currentColor" />
      ))}
    </svg>
  );
}
