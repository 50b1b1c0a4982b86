import { crc32, deflateSync } from "node:zlib";

/**
 * Flat pictures of the demo shop's products, drawn here rather than shipped as files: each is a
 * few shapes given by their signed distance (negative inside), painted with a one-pixel soft edge
 * and written as a PNG. 640 × 480, the storefront card's 4:3.
 */

type Rgb = readonly [number, number, number];
/** Distance from a point to a shape's edge, in pixels: negative inside. */
type Shape = (x: number, y: number) => number;
type Layer = readonly [Shape, Rgb];

export const PICTURE_WIDTH = 640;
export const PICTURE_HEIGHT = 480;

const circle =
  (cx: number, cy: number, r: number): Shape =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

/** A box centred on (cx, cy), half `hw` wide and `hh` high, its corners rounded by `r`. */
const box =
  (cx: number, cy: number, hw: number, hh: number, r = 0): Shape =>
  (x, y) => {
    const qx = Math.abs(x - cx) - hw + r;
    const qy = Math.abs(y - cy) - hh + r;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };

/** Close enough to an ellipse's distance for shapes this size (exact on its axes). */
const ellipse =
  (cx: number, cy: number, rx: number, ry: number): Shape =>
  (x, y) =>
    (Math.hypot((x - cx) / rx, (y - cy) / ry) - 1) * Math.min(rx, ry);

/** The outline of `shape`, `width` thick. */
const outline =
  (shape: Shape, width: number): Shape =>
  (x, y) =>
    Math.abs(shape(x, y)) - width / 2;

/** A stroke from (ax, ay) to (bx, by) with round ends, `width` thick. */
const line =
  (ax: number, ay: number, bx: number, by: number, width: number): Shape =>
  (x, y) => {
    const [px, py, dx, dy] = [x - ax, y - ay, bx - ax, by - ay];
    const along = Math.max(0, Math.min(1, (px * dx + py * dy) / (dx * dx + dy * dy)));
    return Math.hypot(px - dx * along, py - dy * along) - width / 2;
  };

const union =
  (...shapes: Shape[]): Shape =>
  (x, y) => {
    let nearest = Number.POSITIVE_INFINITY;
    for (const shape of shapes) nearest = Math.min(nearest, shape(x, y));
    return nearest;
  };

/** Where both shapes are. */
const overlap =
  (a: Shape, b: Shape): Shape =>
  (x, y) =>
    Math.max(a(x, y), b(x, y));

/** `count` copies of `make(angle)` around a circle. */
const around = (count: number, make: (angle: number) => Shape): Shape =>
  union(...Array.from({ length: count }, (_, index) => make((index / count) * Math.PI * 2)));

const SHADOW: Rgb = [0, 0, 0];
const shadow = (cx: number, cy: number, rx: number): Layer => [ellipse(cx, cy, rx, 16), SHADOW];

const PALETTES = {
  balance: { ground: [219, 234, 254], main: [37, 99, 235], light: [147, 197, 253], dark: [30, 64, 175] },
  mobility: { ground: [220, 252, 231], main: [22, 163, 74], light: [134, 239, 172], dark: [20, 83, 45] },
  bands: { ground: [255, 237, 213], main: [234, 88, 12], light: [253, 186, 116], dark: [154, 52, 18] },
  vouchers: { ground: [204, 251, 241], main: [13, 148, 136], light: [153, 246, 228], dark: [17, 94, 89] },
} as const satisfies Record<string, Record<string, Rgb>>;

interface Drawing {
  palette: keyof typeof PALETTES;
  layers: (colours: (typeof PALETTES)[keyof typeof PALETTES]) => Layer[];
}

const W = PICTURE_WIDTH / 2;
const H = PICTURE_HEIGHT / 2;

/** By the demo product's name (shop-demo.ts). */
export const DEMO_DRAWINGS: Record<string, Drawing> = {
  "Balance pad": {
    palette: "balance",
    layers: (c) => [shadow(W, H + 100, 200), [box(W, H + 20, 190, 75, 34), c.main], [box(W, H, 165, 42, 24), c.light]],
  },
  "Air stability cushion": {
    palette: "balance",
    layers: (c) => [
      shadow(W, H + 150, 160),
      [circle(W, H, 150), c.main],
      [outline(circle(W, H, 112), 8), c.light],
      [around(10, (a) => circle(W + Math.cos(a) * 70, H + Math.sin(a) * 70, 11)), c.light],
      [circle(W, H, 22), c.dark],
    ],
  },
  "Wobble board": {
    palette: "balance",
    layers: (c) => [shadow(W, H + 125, 120), [circle(W, H + 40, 80), c.dark], [box(W, H - 25, 220, 24, 24), c.main], [box(W, H - 33, 200, 8, 8), c.light]],
  },
  "Foam roller": {
    palette: "mobility",
    layers: (c) => [
      shadow(W, H + 100, 210),
      [union(box(W, H, 170, 80, 0), ellipse(W - 170, H, 36, 80)), c.main],
      [union(...[-100, -30, 40, 110].map((x) => box(W + x, H, 10, 80))), c.dark],
      [ellipse(W + 170, H, 36, 80), c.light],
      [ellipse(W + 170, H, 14, 32), c.dark],
    ],
  },
  "Massage ball set": {
    palette: "mobility",
    layers: (c) => [
      shadow(W, H + 110, 200),
      [circle(W - 70, H + 20, 95), c.main],
      [around(12, (a) => circle(W - 70 + Math.cos(a) * 60, H + 20 + Math.sin(a) * 60, 9)), c.light],
      [circle(W + 110, H + 40, 72), c.dark],
      [around(9, (a) => circle(W + 110 + Math.cos(a) * 44, H + 40 + Math.sin(a) * 44, 8)), c.light],
    ],
  },
  "Ankle weights": {
    palette: "mobility",
    layers: (c) => [
      shadow(W, H + 100, 210),
      [box(W - 10, H, 190, 62, 62), c.main],
      [union(...[-100, -30, 40].map((x) => box(W + x, H, 5, 62))), c.light],
      [box(W + 200, H, 50, 26, 10), c.dark],
    ],
  },
  "Resistance band": {
    palette: "bands",
    layers: (c) => [
      [outline(ellipse(W, H, 210, 120), 34), c.main],
      [outline(ellipse(W, H, 210, 120), 8), c.light],
    ],
  },
  "Mini loop bands": {
    palette: "bands",
    layers: (c) => [
      [outline(circle(W - 100, H + 20, 95), 26), c.light],
      [outline(circle(W, H - 20, 95), 26), c.main],
      [outline(circle(W + 100, H + 20, 95), 26), c.dark],
    ],
  },
  "Gaze stability cards": {
    palette: "bands",
    layers: (c) => [
      [box(W - 60, H + 15, 110, 150, 16), c.light],
      [box(W + 50, H - 5, 110, 150, 16), [255, 255, 255]],
      // A target to hold the gaze on.
      [outline(circle(W + 50, H - 5, 70), 14), c.main],
      [outline(circle(W + 50, H - 5, 38), 12), c.main],
      [circle(W + 50, H - 5, 12), c.dark],
    ],
  },
  "Home programme booklet": {
    palette: "bands",
    layers: (c) => [
      shadow(W, H + 175, 150),
      [box(W, H, 140, 175, 12), c.main],
      [box(W - 125, H, 15, 175, 6), c.dark],
      [box(W + 12, H - 90, 95, 38, 8), [255, 255, 255]],
      [union(...[20, 60, 100].map((y) => box(W + 12, H + y, 95, 7, 4))), c.light],
    ],
  },
  "Therapy session voucher": {
    palette: "vouchers",
    layers: (c) => [
      [box(W, H, 230, 120, 18), c.main],
      [union(circle(W - 230, H, 30), circle(W + 230, H, 30)), c.ground],
      [union(...[-90, -45, 0, 45, 90].map((y) => box(W + 110, H + y, 5, 14, 4))), c.light],
      [circle(W - 50, H, 62), c.light],
      [union(line(W - 50, H - 32, W - 50, H + 32, 16), line(W - 50, H - 32, W - 66, H - 16, 16)), c.dark],
    ],
  },
  "Online follow-up voucher": {
    palette: "vouchers",
    layers: (c) => [
      [union(box(W, H - 20, 200, 135, 16), box(W, H + 135, 16, 25), box(W, H + 160, 90, 10, 5)), c.dark],
      [box(W, H - 20, 180, 115, 6), c.light],
      [circle(W, H - 55, 42), c.main],
      // Head and shoulders, cut by the screen's edge.
      [overlap(ellipse(W, H + 80, 90, 65), box(W, H - 20, 180, 115, 6)), c.main],
    ],
  },
};

/** Tiles of TILE × TILE pixels: a layer whose edge is nowhere near a tile is settled once for all of it. */
const TILE = 16;
/** From a tile's centre to its corners, plus the half pixel of the soft edge. */
const TILE_REACH = (TILE / 2) * Math.SQRT2 + 0.5;

/**
 * The drawing painted: each layer over the last, its edge blended across a pixel. A layer's
 * distance at a tile's centre tells whether the whole tile is outside it, inside it, or on its
 * edge (a distance changes by at most the distance moved): only edge tiles are measured pixel
 * by pixel.
 */
function paint(drawing: Drawing): Buffer {
  const colours = PALETTES[drawing.palette];
  const layers = drawing.layers(colours);
  const row = 1 + PICTURE_WIDTH * 3;
  const pixels = Buffer.alloc(row * PICTURE_HEIGHT);
  for (let top = 0; top < PICTURE_HEIGHT; top += TILE) {
    for (let left = 0; left < PICTURE_WIDTH; left += TILE) {
      const settled = layers.map(([shape]) => {
        const centre = shape(left + TILE / 2, top + TILE / 2);
        return centre > TILE_REACH ? 0 : centre < -TILE_REACH ? 1 : null;
      });
      for (let y = top; y < Math.min(top + TILE, PICTURE_HEIGHT); y++) {
        for (let x = left; x < Math.min(left + TILE, PICTURE_WIDTH); x++) {
          let [r, g, b] = colours.ground as Rgb;
          layers.forEach(([shape, colour], index) => {
            const inside = settled[index] ?? Math.max(0, Math.min(1, 0.5 - shape(x + 0.5, y + 0.5)));
            const cover = inside * (colour === SHADOW ? 0.12 : 1);
            if (cover === 0) return;
            r += (colour[0] - r) * cover;
            g += (colour[1] - g) * cover;
            b += (colour[2] - b) * cover;
          });
          // Each row starts with its filter byte (0: none), then three bytes a pixel.
          const at = y * row + 1 + x * 3;
          pixels[at] = Math.round(r);
          pixels[at + 1] = Math.round(g);
          pixels[at + 2] = Math.round(b);
        }
      }
    }
  }
  return png(pixels);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, sum]);
}

/** 8-bit RGB rows, each led by its filter byte, as a PNG file. */
function png(rows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(PICTURE_WIDTH, 0);
  header.writeUInt32BE(PICTURE_HEIGHT, 4);
  header.set([8, 2, 0, 0, 0], 8); // depth 8, truecolour, deflate, no filter method, not interlaced
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The PNG of a demo product, or null for a name without a drawing. */
export function demoPicture(productName: string): Buffer | null {
  const drawing = DEMO_DRAWINGS[productName];
  return drawing ? paint(drawing) : null;
}
