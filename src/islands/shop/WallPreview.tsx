// The drawn room of "View on a wall" (loaded on the first toggle, see PrintPreview.tsx): a wall, a
// floor, a 200 cm sofa, the print of the chosen size (framed or not) above it and a scale bar in cm
// and inches, all in one inline SVG whose unit is the centimetre (measures from lib/shop/wall-scale).
// The drawing is fitted to the box's height; the wall and floor run on past its sides, so a box
// wider than the room shows more wall, never a border.
import type { ReactNode } from 'react';
import {
  type Box,
  FLOOR_CM,
  inchesToCm,
  ROOM_CM,
  SCALE_BAR,
  SOFA,
  WALL_CM,
  wallScene,
  wallText,
} from '~/lib/shop/wall-scale';
import type { PrintSize } from '~/lib/site/constants';

// The site's palette (src/styles/theme.css), written out: the shop's stylesheet holds only the
// colours its pages use, and these are drawing colours, not utilities.
const MIST_50 = '#f7f6f3';
const MIST_100 = '#eeeeea';
const MIST_200 = '#dfe2e0';
const MIST_400 = '#9aa3a2';
const INK_500 = '#6b767c';
const INK_700 = '#39444b';
const INK_900 = '#161c20';

const Rect = ({ box, fill, rx }: { box: Box; fill: string; rx?: number }) => (
  <rect x={box.x} y={box.y} width={box.width} height={box.height} fill={fill} rx={rx} />
);

/** Ticks every `step` (in cm) along `length` cm, from y1 to y2. */
function ticks(x0: number, length: number, step: number, y1: number, y2: number): ReactNode[] {
  const marks: ReactNode[] = [];
  for (let x = 0; x <= length + 0.01; x += step)
    marks.push(<line key={x} x1={x0 + x} x2={x0 + x} y1={y1} y2={y2} />);
  return marks;
}

export default function WallPreview({
  imageUrl,
  size,
  framed,
  landscape,
}: {
  imageUrl: string;
  size: PrintSize;
  framed: boolean;
  landscape: boolean;
}) {
  const { print, frame, sofaX: x, floorY: floor } = wallScene(size, framed, landscape);
  const outer = frame?.outer ?? print;
  const far = 10 * ROOM_CM;
  const barX = 10;
  const barY = floor + 14;
  const inchBar = inchesToCm(SCALE_BAR.inches);
  return (
    <svg
      role="img"
      aria-label={wallText(size, framed)}
      viewBox={`0 0 ${ROOM_CM} ${WALL_CM + FLOOR_CM}`}
      className="h-full w-full"
      fontSize={11}
    >
      <Rect box={{ x: -far, y: -far, width: 3 * far, height: far + floor }} fill={MIST_100} />
      <Rect box={{ x: -far, y: floor, width: 3 * far, height: far }} fill={MIST_200} />
      {/* A skirting board, and the floor line under it. */}
      <Rect box={{ x: -far, y: floor - 8, width: 3 * far, height: 8 }} fill={MIST_50} />
      <line x1={-far} x2={2 * far} y1={floor} y2={floor} stroke={INK_500} strokeWidth={0.6} />

      {/* The sofa: back, seat, arms and legs, 200 cm wide. */}
      <Rect
        box={{ x: x + 8, y: floor - SOFA.back, width: SOFA.width - 16, height: 44 }}
        fill={MIST_400}
        rx={6}
      />
      <Rect box={{ x, y: floor - SOFA.seat, width: SOFA.width, height: 35 }} fill={INK_500} rx={4} />
      <Rect box={{ x, y: floor - 62, width: 22, height: 52 }} fill={INK_500} rx={6} />
      <Rect box={{ x: x + SOFA.width - 22, y: floor - 62, width: 22, height: 52 }} fill={INK_500} rx={6} />
      <Rect box={{ x: x + 10, y: floor - 10, width: 4, height: 10 }} fill={INK_700} />
      <Rect box={{ x: x + SOFA.width - 14, y: floor - 10, width: 4, height: 10 }} fill={INK_700} />
      {/* The seams of its three seat cushions. */}
      <g stroke={MIST_400} strokeWidth={0.6}>
        {ticks(x + 22, SOFA.width - 44, (SOFA.width - 44) / 3, floor - 45, floor - 33)}
      </g>
      <text x={x + SOFA.width / 2} y={floor - 18} textAnchor="middle" fill={MIST_50}>
        {SOFA.width} cm
      </text>

      {/* The print: a soft shadow, the moulding and the mat when framed, the photo cropped as printed. */}
      <Rect box={{ ...outer, x: outer.x + 0.8, y: outer.y + 1.2 }} fill="rgba(14,18,21,0.14)" />
      {frame && <Rect box={frame.outer} fill={INK_900} />}
      {frame && <Rect box={frame.mat} fill="#fff" />}
      <image
        href={imageUrl}
        x={print.x}
        y={print.y}
        width={print.width}
        height={print.height}
        preserveAspectRatio="xMidYMid slice"
      />

      {/* The scale bar: centimetres marked above the line, inches below it. */}
      <g stroke={INK_700} strokeWidth={0.6}>
        <line x1={barX} x2={barX + Math.max(SCALE_BAR.cm, inchBar)} y1={barY} y2={barY} />
        {ticks(barX, SCALE_BAR.cm, SCALE_BAR.step, barY - 4, barY)}
        {ticks(barX, inchBar, inchesToCm(SCALE_BAR.step), barY, barY + 4)}
      </g>
      <g fill={INK_700}>
        <text x={barX + inchBar + 4} y={barY - 1}>
          {SCALE_BAR.cm} cm
        </text>
        <text x={barX + inchBar + 4} y={barY + 10}>
          {SCALE_BAR.inches} in
        </text>
      </g>
    </svg>
  );
}
