// The rooms of "View on a wall", drawn: one inline SVG per room whose unit is the centimetre, 240 cm
// of wall across and 160 cm down (lib/shop/wall-scale.ts), so each piece of furniture is drawn at
// its real size and the print laid over it (WallView.tsx) is to the same scale. Its code loads only
// when the wall view opens: no room costs the page anything before then.
// Illustrations, not photographs (no interior photograph under a usable licence could be had);
// the caption says so.
import type { ReactNode } from 'react';
import { type Room, type RoomId, VIEW_CM, yAt } from '~/lib/shop/wall-scale';

const W = VIEW_CM.width;
const H = VIEW_CM.height;

/** A wall lit from a window on the left: its colour, a touch darker to the right and at the top. */
function Wall({ id, light, shade }: { id: string; light: string; shade: string }) {
  return (
    <>
      <defs>
        <linearGradient id={`${id}-wall`} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor={light} />
          <stop offset="1" stopColor={shade} />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.18" cy="0.3" r="0.7">
          <stop offset="0" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <radialGradient id="lamp-glow">
          <stop offset="0" stopColor="#fff4d6" stopOpacity="0.75" />
          <stop offset="1" stopColor="#fff4d6" stopOpacity="0" />
        </radialGradient>
        <filter id="soft" x="-20%" y="-20%" width="140%" height="140%">
          <feGaussianBlur stdDeviation="2.5" />
        </filter>
        <linearGradient id={`${id}-ceiling`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.07" />
          <stop offset="0.35" stopColor="#000" stopOpacity="0" />
        </linearGradient>
      </defs>
      <rect width={W} height={H} fill={`url(#${id}-wall)`} />
      <rect width={W} height={H} fill={`url(#${id}-glow)`} />
      <rect width={W} height={H} fill={`url(#${id}-ceiling)`} />
    </>
  );
}

/** A soft shadow on the wall behind a piece of furniture. */
const WallShadow = ({ x, y, width, height }: { x: number; y: number; width: number; height: number }) => (
  <rect x={x} y={y} width={width} height={height} rx={6} fill="#1b1f22" opacity={0.12} filter="url(#soft)" />
);

/** The light a lamp throws on the wall around its shade. */
const Glow = ({ cx, cy, r }: { cx: number; cy: number; r: number }) => (
  <circle cx={cx} cy={cy} r={r} fill="url(#lamp-glow)" />
);

function LivingRoom({ room }: { room: Room }) {
  const y = (cm: number) => yAt(room, cm);
  const { widthCm, topCm } = room.furniture;
  const x0 = (W - widthCm) / 2;
  const x1 = x0 + widthCm;
  return (
    <>
      <Wall id="living" light="#efeae2" shade="#ddd5c8" />
      {/* A floor lamp on the left: its pole and linen shade, and the pool of light it throws. */}
      <Glow cx={10} cy={y(166)} r={40} />
      <rect x={9.2} y={y(150)} width={1.6} height={H} fill="#2d3134" />
      <path d={`M1 ${y(150)} L19 ${y(150)} L16 ${y(178)} L4 ${y(178)} Z`} fill="#f3ead7" />
      <path d={`M1 ${y(150)} L19 ${y(150)} L18.4 ${y(153)} L1.6 ${y(153)} Z`} fill="#e2d6bd" />
      {/* The sofa, 200 cm wide: its back 85 cm and its seat 45 cm above the floor. */}
      <WallShadow x={x0 - 2} y={y(topCm + 3)} width={widthCm + 4} height={H} />
      <rect x={x0 + 12} y={y(topCm)} width={widthCm - 24} height={y(40) - y(topCm)} rx={7} fill="#7b8a83" />
      <rect x={x0 + 14} y={y(topCm - 2)} width={(widthCm - 28) / 2 - 1} height={30} rx={6} fill="#86958e" />
      <rect x={W / 2 + 1} y={y(topCm - 2)} width={(widthCm - 28) / 2 - 1} height={30} rx={6} fill="#86958e" />
      <rect x={x0} y={y(47)} width={widthCm} height={H} rx={5} fill="#6d7b74" />
      <rect x={x0 + 14} y={y(50)} width={widthCm - 28} height={9} rx={4} fill="#7f8e87" />
      {/* The arms, 64 cm high. */}
      <rect x={x0} y={y(64)} width={17} height={H} rx={7} fill="#66736d" />
      <rect x={x1 - 17} y={y(64)} width={17} height={H} rx={7} fill="#66736d" />
      {/* Two cushions. */}
      <rect
        x={x0 + 24}
        y={y(76)}
        width={34}
        height={28}
        rx={7}
        fill="#c79a45"
        transform={`rotate(-6 ${x0 + 41} ${y(62)})`}
      />
      <rect
        x={x1 - 58}
        y={y(74)}
        width={32}
        height={26}
        rx={7}
        fill="#eee6d6"
        transform={`rotate(5 ${x1 - 42} ${y(61)})`}
      />
      {/* A plant in a pot on the right. */}
      <Leaves x={231} y={y(62)} />
      <path d={`M222 ${y(62)} L240 ${y(62)} L238 ${H} L224 ${H} Z`} fill="#b9734f" />
    </>
  );
}

/** A few leaves fanning up from (x, y). */
function Leaves({ x, y }: { x: number; y: number }): ReactNode {
  const leaves = [-48, -28, -10, 8, 26, 44];
  return (
    <g fill="#4f6b52">
      {leaves.map((angle, i) => (
        <ellipse
          key={angle}
          cx={x}
          cy={y - 16 - (i % 2) * 4}
          rx={4.5}
          ry={17 - (i % 3) * 2}
          transform={`rotate(${angle} ${x} ${y})`}
          fill={i % 2 ? '#5f7d61' : '#4f6b52'}
        />
      ))}
    </g>
  );
}

function Bedroom({ room }: { room: Room }) {
  const y = (cm: number) => yAt(room, cm);
  const { widthCm, topCm } = room.furniture;
  const x0 = (W - widthCm) / 2;
  const x1 = x0 + widthCm;
  const table = (x: number) => (
    <g>
      <rect x={x} y={y(55)} width={44} height={H} fill="#a98461" />
      <rect x={x} y={y(55)} width={44} height={2.5} fill="#8e6c4d" />
      <rect x={x + 3} y={y(42)} width={38} height={0.6} fill="#8e6c4d" />
    </g>
  );
  const lamp = (cx: number) => (
    <g>
      <Glow cx={cx} cy={y(82)} r={30} />
      <path
        d={`M${cx - 5} ${y(55)} Q${cx - 7} ${y(64)} ${cx} ${y(70)} Q${cx + 7} ${y(64)} ${cx + 5} ${y(55)} Z`}
        fill="#d7cfc2"
      />
      <path
        d={`M${cx - 11} ${y(70)} L${cx + 11} ${y(70)} L${cx + 8} ${y(90)} L${cx - 8} ${y(90)} Z`}
        fill="#f4ecdc"
      />
    </g>
  );
  return (
    <>
      <Wall id="bedroom" light="#e4e9ea" shade="#cdd6d8" />
      {table(-9)}
      {table(W - 35)}
      {lamp(13)}
      {lamp(W - 13)}
      {/* The bed, 160 cm wide: an upholstered headboard 110 cm high, the duvet 58 cm above the floor. */}
      <WallShadow x={x0 - 2} y={y(topCm + 2)} width={widthCm + 4} height={H} />
      <rect x={x0} y={y(topCm)} width={widthCm} height={H} rx={8} fill="#9aa59f" />
      <g stroke="#8a958f" strokeWidth={0.6}>
        {[1, 2, 3, 4, 5].map((i) => (
          <line
            key={i}
            x1={x0 + (widthCm * i) / 6}
            x2={x0 + (widthCm * i) / 6}
            y1={y(topCm - 6)}
            y2={y(62)}
          />
        ))}
      </g>
      {/* Two pillows and the duvet. */}
      <rect x={x0 + 12} y={y(78)} width={64} height={24} rx={8} fill="#f7f5f0" />
      <rect x={x1 - 76} y={y(78)} width={64} height={24} rx={8} fill="#f2efe8" />
      <rect x={x0 - 4} y={y(60)} width={widthCm + 8} height={H} rx={4} fill="#fbfaf7" />
      <rect x={x0 - 4} y={y(60)} width={widthCm + 8} height={7} rx={3} fill="#ece8df" />
    </>
  );
}

function Office({ room }: { room: Room }) {
  const y = (cm: number) => yAt(room, cm);
  const { widthCm, topCm } = room.furniture;
  const x0 = (W - widthCm) / 2;
  const x1 = x0 + widthCm;
  return (
    <>
      <Wall id="office" light="#e8e8de" shade="#d3d5c8" />
      {/* The desk, 140 cm wide, its top 75 cm above the floor, on four steel legs. */}
      <WallShadow x={x0} y={y(topCm + 2)} width={widthCm} height={4} />
      <rect x={x0 + 3} y={y(topCm)} width={3} height={H} fill="#33393c" />
      <rect x={x1 - 6} y={y(topCm)} width={3} height={H} fill="#33393c" />
      <rect x={x0 + 22} y={y(topCm)} width={2.5} height={H} fill="#2a2f32" />
      <rect x={x1 - 24.5} y={y(topCm)} width={2.5} height={H} fill="#2a2f32" />
      <rect x={x0} y={y(topCm)} width={widthCm} height={3.2} fill="#b08658" />
      <rect x={x0} y={y(topCm) + 3.2} width={widthCm} height={0.8} fill="#8d6a44" />
      {/* A desk lamp on the left. */}
      <ellipse cx={x0 + 14} cy={y(topCm)} rx={9} ry={1.6} fill="#2a2f32" />
      <path
        d={`M${x0 + 14} ${y(topCm)} L${x0 + 20} ${y(topCm + 26)} L${x0 + 34} ${y(topCm + 36)}`}
        stroke="#2a2f32"
        strokeWidth={1.4}
        fill="none"
      />
      <path
        d={`M${x0 + 28} ${y(topCm + 40)} L${x0 + 42} ${y(topCm + 33)} L${x0 + 40} ${y(topCm + 28)} L${x0 + 29} ${y(topCm + 31)} Z`}
        fill="#2a2f32"
      />
      {/* A stack of books, a mug and a small plant on the right. */}
      <rect x={x1 - 40} y={y(topCm + 4)} width={26} height={4} fill="#4c6272" />
      <rect x={x1 - 38} y={y(topCm + 7.5)} width={23} height={3.5} fill="#c4a56a" />
      <rect x={x1 - 41} y={y(topCm + 11)} width={25} height={3.5} fill="#8b4f45" />
      <rect x={x1 - 10} y={y(topCm + 10)} width={7} height={10} rx={1} fill="#f2efe8" />
      {/* The chair in front of the desk: its back, seat edge and stem. */}
      <rect x={W / 2 - 1.5} y={y(48)} width={3} height={H} fill="#2a2f32" />
      <rect x={W / 2 - 24} y={y(50)} width={48} height={6} rx={3} fill="#3a4144" />
      <rect x={W / 2 - 22} y={y(98)} width={44} height={y(56) - y(98)} rx={9} fill="#454d51" />
      <rect x={W / 2 - 18} y={y(94)} width={36} height={y(62) - y(94)} rx={7} fill="#4f585c" />
      {/* A tall plant beside the desk, on the right. */}
      <Leaves x={226} y={y(90)} />
      <Leaves x={230} y={y(70)} />
      <path d={`M218 ${y(50)} L238 ${y(50)} L236 ${H} L220 ${H} Z`} fill="#b9734f" />
    </>
  );
}

const DRAWINGS: Record<RoomId, (props: { room: Room }) => ReactNode> = {
  'living-room': LivingRoom,
  bedroom: Bedroom,
  office: Office,
};

export default function RoomDrawing({ room }: { room: Room }) {
  const Drawing = DRAWINGS[room.id];
  return (
    <svg
      role="img"
      aria-label={`Illustration of a ${room.name.toLowerCase()}, drawn to scale`}
      viewBox={`0 0 ${W} ${H}`}
      preserveAspectRatio="xMidYMid slice"
      className="absolute inset-0 h-full w-full"
    >
      <Drawing room={room} />
    </svg>
  );
}
