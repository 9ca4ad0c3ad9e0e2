// Draws the app's icons (web/public/icons/*.png) with no image library: a tennis ball on the app's green, as RGBA
// pixels written as PNG through node:zlib. `node web/scripts/make-icons.mjs` writes them; they are committed.
// The maskable ones keep the ball inside the safe zone (the middle 80 %), as Android crops them to any shape.
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { Buffer } from 'node:buffer';
import { URL } from 'node:url';

const GREEN = [0x1a, 0x4d, 0x31];
const BALL = [0xd9, 0xf2, 0x4a];
const SEAM = [0xff, 0xff, 0xff];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, pixel) {
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) row.set(pixel(x + 0.5, y + 0.5), 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** `ball`: the ball's radius as a share of the icon's half width; `round`: transparent corners (the "any" icon). */
function icon(size, { ball, round }) {
  const c = size / 2;
  return png(size, (x, y) => {
    const dx = (x - c) / c;
    const dy = (y - c) / c;
    const r = Math.hypot(dx, dy);
    if (round) {
      // A rounded square: corners of radius 0.35.
      const qx = Math.max(Math.abs(dx) - 0.65, 0);
      const qy = Math.max(Math.abs(dy) - 0.65, 0);
      if (Math.hypot(qx, qy) > 0.35) return [0, 0, 0, 0];
    }
    if (r <= ball) {
      // Two seams: circles that bulge in from left and right.
      const u = dx / ball;
      const v = dy / ball;
      const seam =
        Math.abs(Math.hypot(u - 1.25, v) - 0.85) < 0.06 || Math.abs(Math.hypot(u + 1.25, v) - 0.85) < 0.06;
      return [...(seam ? SEAM : BALL), 255];
    }
    return [...GREEN, 255];
  });
}

const dir = new URL('../public/icons/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const size of [192, 512]) {
  writeFileSync(new URL(`icon-${size}.png`, dir), icon(size, { ball: 0.62, round: true }));
  writeFileSync(new URL(`maskable-${size}.png`, dir), icon(size, { ball: 0.5, round: false }));
}
writeFileSync(new URL('apple-touch-icon.png', dir), icon(180, { ball: 0.55, round: false }));
