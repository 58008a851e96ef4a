// Draws the extension's icon (images/icon.png, 128×128 RGBA): a chip with pins and five vector lanes.
// Written as a PNG by hand (zlib + CRC-32 from node:zlib) so it needs no image tool; run it after a design change.
import { Buffer } from 'node:buffer';
import console from 'node:console';
import { writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync, crc32 } from 'node:zlib';

const N = 128;
const px = new Uint8Array(N * N * 4);
const hex = (h) => [parseInt(h.slice(1, 3), 16), parseInt(h.slice(3, 5), 16), parseInt(h.slice(5, 7), 16), 255];

/** Fills a rectangle whose corners are rounded with radius r (coverage sampled 4×4 per pixel for soft edges). */
function rect(x, y, w, h, r, colour) {
  const c = hex(colour);
  const inside = (sx, sy) => {
    const dx = Math.max(x + r - sx, 0, sx - (x + w - r));
    const dy = Math.max(y + r - sy, 0, sy - (y + h - r));
    return sx >= x && sx < x + w && sy >= y && sy < y + h && dx * dx + dy * dy <= r * r;
  };
  for (let py = Math.floor(y); py < Math.ceil(y + h); py++) {
    for (let qx = Math.floor(x); qx < Math.ceil(x + w); qx++) {
      let hit = 0;
      for (let i = 0; i < 16; i++) if (inside(qx + ((i % 4) + 0.5) / 4, py + (Math.floor(i / 4) + 0.5) / 4)) hit++;
      if (!hit) continue;
      const a = hit / 16;
      const o = (py * N + qx) * 4;
      const back = px[o + 3] / 255;
      for (let k = 0; k < 3; k++) px[o + k] = Math.round(c[k] * a + px[o + k] * (1 - a));
      px[o + 3] = Math.round(255 * (a + back * (1 - a)));
    }
  }
}

rect(0, 0, 128, 128, 20, '#1f2a44');
for (const x of [22, 42, 60, 78, 98]) {
  rect(x, 8, 8, 16, 0, '#f5a623');
  rect(x, 104, 8, 16, 0, '#f5a623');
}
rect(14, 20, 100, 88, 10, '#2f80ed');
[[26, 36], [44, 50], [62, 62], [80, 42], [98, 54]].forEach(([x, top]) => rect(x - 2, top, 10, 96 - top, 2, '#ffffff'));

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
const raw = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) raw.set(px.subarray(y * N * 4, (y + 1) * N * 4), y * (N * 4 + 1) + 1);
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
mkdirSync('images', { recursive: true });
writeFileSync('images/icon.png', png);
console.log(`images/icon.png: ${png.length} bytes`);
