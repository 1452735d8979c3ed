'use strict';
// QWP timestamp column bodies (spec qwp-gorilla.md §1.6, §2, §3): an encoder and a decoder that
// follow the TypeScript client's policies (§4 D2: Gorilla needs at least three values; §4 D3: the
// null flag must be 0 or 1; §4 D4: the encoder's delta-of-deltas are exact BigInts). Written from
// the spec; every rule names its section.
//
// Timestamps are BigInt; the decoder's delta arithmetic wraps modulo 2^64 as signed int64 (§2.4).

const J = require('./json_fields');

const ENC_RAW = 0x00;
const ENC_GORILLA = 0x01;

// Planted bug, off unless TSCONFORM_PLANTED_BUG=1: the encoder uses the historical bucket bounds
// [-63, 64], [-255, 256], [-2047, 2048] of old QuestDB builds (§4 D1) instead of [-64, 63],
// [-256, 255], [-2048, 2047]. Only a delta-of-delta exactly at a bucket edge (±64, ±256, ±2048)
// is affected: +64 is then written into 7 bits and reads back as -64 (and likewise for 256 and
// 2048), -64 moves to the next bucket. Every other column encodes correctly.
const PLANTED_BUG = process.env.TSCONFORM_PLANTED_BUG === '1';

// Planted divergence, off unless TSCONFORM_PLANTED_DIVERGENCE=1: a known upstream one, which finding
// null_flag_above_1_read_as_bitmap explains. The decoder reads any non-zero null flag as "a bitmap
// follows", as the Go client does (§4 D3).
const PLANTED_DIVERGENCE = process.env.TSCONFORM_PLANTED_DIVERGENCE === '1';

// §2.3 buckets in the order they are tried: prefix (written LSB-first, see below), payload width,
// and the range of delta-of-deltas it holds.
const BUCKETS = PLANTED_BUG
  ? [
      { prefix: 0b01, prefixBits: 2, width: 7, min: -63, max: 64 },
      { prefix: 0b011, prefixBits: 3, width: 9, min: -255, max: 256 },
      { prefix: 0b0111, prefixBits: 4, width: 12, min: -2047, max: 2048 },
      { prefix: 0b1111, prefixBits: 4, width: 32, min: -(2 ** 31), max: 2 ** 31 - 1 },
    ]
  : [
      { prefix: 0b01, prefixBits: 2, width: 7, min: -64, max: 63 },
      { prefix: 0b011, prefixBits: 3, width: 9, min: -256, max: 255 },
      { prefix: 0b0111, prefixBits: 4, width: 12, min: -2048, max: 2047 },
      { prefix: 0b1111, prefixBits: 4, width: 32, min: -(2 ** 31), max: 2 ** 31 - 1 },
    ];
// §2.3 decoding: the number of leading 1 bits (1..4) selects the payload width.
const WIDTH_AFTER_ONES = [0, 7, 9, 12, 32];

const INT32_MIN = -(1n << 31n);
const INT32_MAX = (1n << 31n) - 1n;

const wrap = (v) => BigInt.asIntN(64, v);  // §2.4: wrapping signed 64-bit

// ---- bits ---------------------------------------------------------------------------------------

// §2.2: the first bit written is bit 0 of byte 0; a multi-bit field goes least-significant bit
// first. So the read-order prefix "1,0" is the 2-bit value 0b01. Unused bits of the last byte stay
// zero (§2.5 padding).
class BitWriter {
  constructor() {
    this.bytes = [];
    this.used = 0;  // bits already used in the last byte
  }

  bit(b) {
    if (this.used === 0) this.bytes.push(0);
    this.bytes[this.bytes.length - 1] |= (b & 1) << this.used;
    this.used = (this.used + 1) % 8;
  }

  // `value` is a non-negative Number below 2^32.
  bits(value, count) {
    for (let i = 0; i < count; i++) this.bit(Math.floor(value / 2 ** i) % 2);
  }

  buffer() {
    return Buffer.from(this.bytes);
  }
}

class Truncated extends Error {}

// Reads bits LSB-first from `buf` starting at byte `start`; never looks past the end.
class BitReader {
  constructor(buf, start) {
    this.buf = buf;
    this.start = start;
    this.pos = 0;  // bits read
  }

  availableBits() {
    return (this.buf.length - this.start) * 8 - this.pos;
  }

  bit() {
    if (this.availableBits() <= 0) throw new Truncated();
    const byte = this.buf[this.start + (this.pos >> 3)];
    const b = (byte >> (this.pos & 7)) & 1;
    this.pos++;
    return b;
  }

  // An unsigned field of up to 32 bits, as a Number.
  bits(count) {
    let value = 0;
    for (let i = 0; i < count; i++) value += this.bit() * 2 ** i;
    return value;
  }

  // §2.5: a partly read byte belongs to the column; its padding bits are never looked at.
  bytesConsumed() {
    return Math.ceil(this.pos / 8);
  }
}

// ---- encoder ------------------------------------------------------------------------------------

function int64le(v) {
  const b = Buffer.alloc(8);
  b.writeBigInt64LE(v);
  return b;
}

// §4 D4: exact, as BigInt arithmetic gives them; the wrapped ones of §2.4 may fit int32 where
// these do not, and then the column is raw.
function deltaOfDeltas(ts) {
  const dods = [];
  for (let i = 2; i < ts.length; i++) dods.push(ts[i] - ts[i - 1] - (ts[i - 1] - ts[i - 2]));
  return dods;
}

// §2.3: DoD 0 is always the single 0 bit; otherwise the first bucket whose range holds it, the
// prefix, then the low `width` bits of its two's complement.
function writeDod(w, dod) {
  if (dod === 0) {
    w.bit(0);
    return;
  }
  const bucket = BUCKETS.find((b) => dod >= b.min && dod <= b.max);
  w.bits(bucket.prefix, bucket.prefixBits);
  // Two's complement in `width` bits: for width 32 the unsigned reading of the int32.
  const payload = bucket.width === 32 ? dod >>> 0 : dod & ((1 << bucket.width) - 1);
  w.bits(payload, bucket.width);
}

function isNull(bitmap, row) {
  return ((bitmap[row >> 3] >> (row & 7)) & 1) === 1;
}

// §1.6, §2.8. column: { rows: BigInt, nullBitmap: Buffer | null, values: BigInt[] } (already
// checked to be one whole: the bitmap covers the rows, one value per row not null).
function encode(column, gorillaFlag) {
  const parts = [];
  if (column.nullBitmap === null) {
    parts.push(Buffer.from([0x00]));
  } else {
    // §1.6: null flag 0x01, then one bit per row, LSB-first; bits past the last row stay zero.
    parts.push(Buffer.from([0x01]));
    const w = new BitWriter();
    const rows = Number(column.rows);
    for (let row = 0; row < rows; row++) w.bit(isNull(column.nullBitmap, row) ? 1 : 0);
    parts.push(w.buffer());
  }

  const ts = column.values;
  if (gorillaFlag) {
    // §2.8: Gorilla iff there are at least three values and every (exact) DoD fits int32;
    // otherwise the whole column falls back to raw.
    const dods = deltaOfDeltas(ts);
    if (ts.length >= 3 && dods.every((d) => d >= INT32_MIN && d <= INT32_MAX)) {
      parts.push(Buffer.from([ENC_GORILLA]), int64le(ts[0]), int64le(ts[1]));  // §2.1: two raw seeds
      const w = new BitWriter();
      for (const d of dods) writeDod(w, Number(d));
      parts.push(w.buffer());
      return Buffer.concat(parts);
    }
    parts.push(Buffer.from([ENC_RAW]));
  }
  // No FLAG_GORILLA: no enc_flag at all, just the raw values (§1.6).
  for (const v of ts) parts.push(int64le(v));
  return Buffer.concat(parts);
}

// ---- decoder (TypeScript profile) ---------------------------------------------------------------

// §2.3: up to four prefix bits, stopping at the first 0, then a sign-extended payload.
function readDod(r) {
  let ones = 0;
  while (ones < 4 && r.bit() === 1) ones++;
  if (ones === 0) return 0n;
  const width = WIDTH_AFTER_ONES[ones];
  return BigInt.asIntN(width, BigInt(r.bits(width)));
}

function fail(error) {
  return { error };
}

// §2.7 with the TypeScript client's policies. Returns an outcome in the protocol's JSON form.
// The Node.js client's cap on a frame's row count (MAX_ROWS_PER_BATCH in its result-batch.ts):
// a larger count is refused before any column is read.
const MAX_ROWS_PER_BATCH = 1n << 20n;

function decode(body, rows, gorillaFlag) {
  let pos = 0;
  if (rows > MAX_ROWS_PER_BATCH) return fail('row_count_out_of_range');
  if (body.length < 1) return fail('missing_null_flag');
  const nullFlag = body[pos++];

  // §1.6 null section; §4 D3: TypeScript rejects null flags other than 0 and 1.
  let bitmap = null;
  let nulls = 0n;
  if (nullFlag !== 0) {
    if (nullFlag !== 1 && !PLANTED_DIVERGENCE) return fail('invalid_null_flag');
    // ceil(rows/8) bytes; compared as BigInt first, since a row count can be any uint64.
    const bitmapBytes = (rows + 7n) / 8n;
    if (BigInt(body.length - pos) < bitmapBytes) return fail('truncated_null_bitmap');
    const rowCount = Number(rows);
    const sent = body.subarray(pos, pos + Number(bitmapBytes));
    bitmap = Buffer.alloc(sent.length);
    // §1.5: only the first `rows` bits count; the rest of the last byte is ignored, and the
    // bitmap handed back has those bits zero.
    for (let row = 0; row < rowCount; row++) {
      if (isNull(sent, row)) {
        bitmap[row >> 3] |= 1 << (row & 7);
        nulls++;
      }
    }
    pos += bitmap.length;
  }
  const n = rows - nulls;

  // §1.6: the enc_flag is there iff FLAG_GORILLA is set, even for n = 0.
  let encoding = 'none';
  if (gorillaFlag) {
    if (pos >= body.length) return fail('missing_encoding_flag');
    const enc = body[pos++];
    if (enc !== ENC_RAW && enc !== ENC_GORILLA) return fail('unknown_encoding');
    encoding = enc === ENC_GORILLA ? 'gorilla' : 'raw';
  }

  const values = [];
  if (encoding === 'gorilla') {
    // §4 D2: the TypeScript decoder refuses Gorilla with fewer than three values.
    if (n < 3n) return fail('gorilla_too_few_values');
    if (body.length - pos < 16) return fail('truncated_seeds');
    values.push(body.readBigInt64LE(pos), body.readBigInt64LE(pos + 8));
    pos += 16;
    const r = new BitReader(body, pos);
    // Every code takes at least one bit: more codes than bits left can only run out (§3.2).
    if (n - 2n > BigInt(r.availableBits())) return fail('truncated_bitstream');
    // §2.1: no implicit zero anchor; the first DoD applies to t1 - t0.
    let prevDelta = wrap(values[1] - values[0]);
    let prevTs = values[1];
    try {
      for (let i = 2n; i < n; i++) {
        prevDelta = wrap(prevDelta + readDod(r));  // §2.4
        prevTs = wrap(prevTs + prevDelta);
        values.push(prevTs);
      }
    } catch (e) {
      if (e instanceof Truncated) return fail('truncated_bitstream');
      throw e;
    }
    pos += r.bytesConsumed();  // §2.5
  } else {
    if (BigInt(body.length - pos) < n * 8n) return fail('truncated_raw_values');
    for (let i = 0n; i < n; i++, pos += 8) values.push(body.readBigInt64LE(pos));
  }

  return {
    encoding,
    consumed: pos,
    column: {
      rows: rows.toString(),
      null_bitmap: bitmap === null ? null : bitmap.toString('hex'),
      values: values.map(String),
    },
  };
}

// ---- JSON forms (PROTOCOL.md, operations.hpp) ---------------------------------------------------

// {"rows": "<uint64>", "null_bitmap": "<hex>" | null, "values": ["<int64>", ...]}, one whole:
// the bitmap has ceil(rows/8) bytes and there is one value for each row that is not null.
function readColumn(json, path) {
  const rows = J.uint64(J.field(json, 'rows', path), `${path}.rows`);
  const bitmapJson = J.field(json, 'null_bitmap', path);
  const nullBitmap = bitmapJson === null ? null : J.bytes(bitmapJson, `${path}.null_bitmap`);
  const values = J.array(J.field(json, 'values', path), `${path}.values`)
    .map((v, i) => J.int64(v, `${path}.values[${i}]`));
  let nulls = 0n;
  if (nullBitmap !== null) {
    if (BigInt(nullBitmap.length) !== (rows + 7n) / 8n) {
      throw new J.InputError(`\`${path}.null_bitmap\`: a null bitmap of ceil(rows / 8) bytes`);
    }
    for (let row = 0; row < Number(rows); row++) if (isNull(nullBitmap, row)) nulls++;
  }
  if (BigInt(values.length) !== rows - nulls) {
    throw new J.InputError(`\`${path}.values\`: one value for each row that is not null`);
  }
  return { rows, nullBitmap, values };
}

const operations = {
  decode: {
    profiles: ['typescript'],
    // Every profile the suite knows for this operation; the ones not listed above are unsupported.
    knownProfiles: ['strict', 'server', 'rust', 'typescript', 'dotnet', 'go'],
    run(input) {
      const body = J.bytes(J.field(input, 'bytes', 'input'), 'input.bytes');
      const rows = J.uint64(J.field(input, 'rows', 'input'), 'input.rows');
      const gorilla = J.boolean(J.field(input, 'gorilla', 'input'), 'input.gorilla');
      return decode(body, rows, gorilla);
    },
  },
  encode: {
    // A column with a bitmap but no null row is one the TypeScript client never writes: the runner
    // does not send it under this profile.
    profiles: ['typescript'],
    knownProfiles: ['canonical', 'go', 'typescript'],
    run(input) {
      const column = readColumn(J.field(input, 'column', 'input'), 'input.column');
      const gorilla = J.boolean(J.field(input, 'gorilla', 'input'), 'input.gorilla');
      return { bytes: encode(column, gorilla).toString('hex') };
    },
  },
};

module.exports = { family: 'qwp_gorilla', operations, encode, decode, PLANTED_BUG };
