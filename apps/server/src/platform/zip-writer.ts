import { crc32, deflateRawSync } from "node:zlib";

/** One entry of a hand-built zip; the fields past `data` forge what hostile archives forge. */
export interface ZipEntry {
  name: string;
  data?: Buffer | string;
  /** Unix mode (type and permissions), stored in the external attributes as zip tools do. */
  mode?: number;
  /** The uncompressed size the headers claim (a bomb lies here). */
  claimedSize?: number;
  store?: boolean;
}

/**
 * A zip archive written byte by byte (local headers, data, central directory, end record): the
 * demo packs its example bundle with it, and tests build archives no zip tool would (lying
 * sizes, symlinks, `../` names). No zip64: small archives only.
 */
export function buildZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const raw = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data ?? "");
    const packed = entry.store ? raw : deflateRawSync(raw);
    const name = Buffer.from(entry.name, "utf8");
    const crc = crc32(raw);
    const size = entry.claimedSize ?? raw.length;
    const method = entry.store ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
