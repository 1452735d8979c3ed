'use strict';
// The IoTDB insertTablet `timestamps` and `values` buffers as the Node.js client sends them (spec
// tablets-and-bitmaps.md §1.1, §1.2, §2.2–§2.6, column "Node"). Written from the spec; every rule
// names its section.

const J = require('./json_fields');

// §1.1 TSDataType codes, indexed by code.
const TYPE_NAMES = [
  'BOOLEAN', 'INT32', 'INT64', 'FLOAT', 'DOUBLE', 'TEXT', 'VECTOR', 'UNKNOWN',
  'TIMESTAMP', 'DATE', 'BLOB', 'STRING', 'OBJECT',
];
const T = Object.fromEntries(TYPE_NAMES.map((name, code) => [name, code]));

// What a cell of each type is in the model, and so how it is read from JSON and written.
function kindOf(type) {
  switch (type) {
    case T.BOOLEAN: return 'boolean';
    case T.INT32: return 'int32';
    case T.INT64: case T.TIMESTAMP: return 'int64';
    case T.FLOAT: return 'float';
    case T.DOUBLE: return 'double';
    case T.DATE: return 'date';
    case T.TEXT: case T.STRING: return 'text';
    case T.BLOB: case T.OBJECT: return 'binary';
    default: return null;  // VECTOR, UNKNOWN and codes above 12: no tablet writer has a case (§1.1)
  }
}

// Fixed cell widths in the values buffer (§1.1); binary cells are a 4-byte length plus the bytes.
const WIDTH = { boolean: 1, int32: 4, int64: 8, float: 4, double: 8, date: 4 };

// ---- JSON forms (operations.hpp, tablet_cells.hpp) ------------------------------------------------

const utf8 = new TextDecoder('utf-8', { fatal: true });

function isUtf8(bytes) {
  try {
    utf8.decode(bytes);
    return true;
  } catch (e) {
    return false;
  }
}

// A type is its name, or a number for a code without one (13–255).
function readType(json, path) {
  if (typeof json === 'number') return J.integer(json, path, TYPE_NAMES.length, 255);
  const name = J.string(json, path);
  if (!TYPE_NAMES.includes(name)) {
    throw new J.InputError(`\`${path}\`: no data type \`${name}\`; the choices are ${TYPE_NAMES.join(', ')}`);
  }
  return T[name];
}

// TEXT/STRING: a JSON string (its UTF-8 bytes), or {"hex": ...} for bytes that are not UTF-8.
function readText(json, path) {
  if (typeof json === 'string') return Buffer.from(json, 'utf8');
  if (!J.isObject(json) || Object.keys(json).length !== 1 || !J.has(json, 'hex')) {
    throw J.mistyped(json, path, 'text as a JSON string or {"hex": …}');
  }
  const bytes = J.bytes(json.hex, `${path}.hex`);
  if (isUtf8(bytes)) throw new J.InputError(`\`${path}.hex\`: UTF-8 text is written as a JSON string`);
  return bytes;
}

// DATE: "yyyy-mm-dd" (read as three signed decimals, as sscanf "%lld-%lld-%lld" does), or the
// integer year·10000 + month·100 + day split with floor division. Kept as its three numbers.
function readDate(json, path) {
  let year;
  let month;
  let day;
  if (typeof json === 'number') {
    const raw = BigInt(J.integer(json, path, -Infinity, Infinity));
    year = raw >= 0n ? raw / 10000n : -((-(raw + 1n)) / 10000n) - 1n;  // floor division
    const rest = raw - year * 10000n;
    month = rest / 100n;
    day = rest % 100n;
  } else {
    const text = J.string(json, path).split('\0')[0];  // the C string the suite's reader scans
    const m = /^\s*([+-]?\d+)-\s*([+-]?\d+)-\s*([+-]?\d+)$/.exec(text);
    if (m === null) throw J.mistyped(json, path, 'a date "yyyy-mm-dd"');
    [year, month, day] = [BigInt(m[1]), BigInt(m[2]), BigInt(m[3])];
  }
  if (year < -(1n << 31n) || year >= 1n << 31n || month < 0n || month > 255n || day < 0n || day > 255n) {
    throw J.mistyped(json, path, 'a DATE of an i32 year and byte month and day');
  }
  return { year: Number(year), month: Number(month), day: Number(day) };
}

function readFloatBits(json, path, width) {
  const bytes = J.bytes(json, path);
  if (bytes.length !== width) throw J.mistyped(json, path, `the IEEE-754 bits as ${2 * width} hex digits`);
  return bytes;  // big-endian bits: exactly the bytes the cell is written as (§1.1)
}

// One cell's value; null stands for the zero value of the type.
function readCell(kind, json, path, typeLabel) {
  if (json === null) return null;
  switch (kind) {
    case 'boolean': return J.boolean(json, path);
    case 'int32': return J.integer(json, path, -(2 ** 31), 2 ** 31 - 1);
    case 'int64': return J.int64(json, path);
    case 'float': return readFloatBits(json, path, 4);
    case 'double': return readFloatBits(json, path, 8);
    case 'date': return readDate(json, path);
    case 'text': return readText(json, path);
    case 'binary': return J.bytes(json, path);
    default: throw J.mistyped(json, path, `null (a column of type ${typeLabel} holds no cells)`);
  }
}

// {"timestamps": ["<int64>", ...], "columns": [{"type": ..., "values": [cell | null | {"null": cell}]}]}
// A cell that is null, or {"null": <slot value>}, is a null cell.
function readTablet(json, path) {
  const timestamps = J.array(J.field(json, 'timestamps', path), `${path}.timestamps`)
    .map((v, i) => J.int64(v, `${path}.timestamps[${i}]`));
  const columns = J.array(J.field(json, 'columns', path), `${path}.columns`).map((jc, j) => {
    const at = `${path}.columns[${j}]`;
    const type = readType(J.field(jc, 'type', at), `${at}.type`);
    const kind = kindOf(type);
    const label = TYPE_NAMES[type] || String(type);
    const cells = J.array(J.field(jc, 'values', at), `${at}.values`).map((cell, row) => {
      const cellAt = `${at}.values[${row}]`;
      if (J.has(cell, 'null')) return { isNull: true, value: readCell(kind, cell.null, `${cellAt}.null`, label) };
      return { isNull: cell === null, value: readCell(kind, cell, cellAt, label) };
    });
    return { type, kind, cells };
  });
  return { timestamps, columns };
}

// {"bitmaps_allocated": bool, "columns": [{"padding_marks": "<one byte>", "marked_past_last_byte": bool}]}
// The Node client keeps no bitmaps beyond its rows, so only the shape of this matters to it.
function readClient(json, path) {
  const bitmapsAllocated = J.boolean(J.field(json, 'bitmaps_allocated', path), `${path}.bitmaps_allocated`);
  const columns = J.array(J.field(json, 'columns', path), `${path}.columns`).map((jc, j) => {
    const at = `${path}.columns[${j}]`;
    const marks = J.bytes(J.field(jc, 'padding_marks', at), `${at}.padding_marks`);
    if (marks.length !== 1) throw J.mistyped(jc.padding_marks, `${at}.padding_marks`, 'one byte as two hex digits');
    return { paddingMarks: marks[0], markedPastLastByte: J.boolean(J.field(jc, 'marked_past_last_byte', at), `${at}.marked_past_last_byte`) };
  });
  return { bitmapsAllocated, columns };
}

// ---- the Node serializer ------------------------------------------------------------------------

class SerializeError extends Error {
  constructor(errorClass) {
    super(errorClass);
    this.errorClass = errorClass;
  }
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year, month) {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

// §2.3 DATE: the number yyyyMMdd. The client at Session.ts @02aedeb7 passes it through unchecked and
// writeInt32BE refuses only a number outside int32 (node.date_number); the client with OBJECT checks it
// is a calendar date of a year 1000–9999 (node-f0b76ed8.date_calendar): 20230229 is refused.
function packDate(d, calendarChecked) {
  const number = d.year * 10000 + d.month * 100 + d.day;
  const calendar = d.year >= 1000 && d.year <= 9999 && d.month >= 1 && d.month <= 12 && d.day >= 1 &&
    d.day <= daysIn(d.year, d.month);
  if (calendarChecked ? !calendar : number !== (number | 0)) throw new SerializeError('date_out_of_range');
  return number;
}

// FLOAT and DOUBLE cells go through a JS number, as the client holds them: writeFloatBE gives a float32
// signalling NaN its quiet bit (node.float_nan_quieted). A DOUBLE signalling NaN is outside the profile's
// domain (its quiet bit depends on V8's array storage), so the suite sends none. The number is stored
// as a double first: optimized code would otherwise pass readFloatBE's float32 straight to
// writeFloatBE, keeping a signalling NaN no client's number array can hold (seen on Node v20 after
// warm-up).
const heldNumber = new Float64Array(1);
function throughJsNumber(kind, bits) {
  const b = Buffer.alloc(bits.length);
  heldNumber[0] = kind === 'float' ? bits.readFloatBE(0) : bits.readDoubleBE(0);
  if (kind === 'float') b.writeFloatBE(heldNumber[0]);
  else b.writeDoubleBE(heldNumber[0]);
  return b;
}

// node.timestamps_js_number: timestamps are JS numbers (number[]), written as BigInt(Math.floor(t)); one
// that rounds to 2^63 makes writeBigInt64BE throw a RangeError.
function timestampsBuffer(timestamps) {
  const out = Buffer.alloc(8 * timestamps.length);
  timestamps.forEach((ts, i) => {
    try {
      out.writeBigInt64BE(BigInt(Math.floor(Number(ts))), 8 * i);
    } catch (e) {
      if (e instanceof RangeError) throw new SerializeError('timestamp_out_of_range');
      throw e;
    }
  });
  return out;
}

// §1.1: one cell that is written as its value, big-endian.
function valueBytes(kind, value, nodeClient) {
  switch (kind) {
    case 'boolean': return Buffer.from([value ? 1 : 0]);
    case 'int32': {
      const b = Buffer.alloc(4);
      b.writeInt32BE(value);
      return b;
    }
    case 'int64': {
      const b = Buffer.alloc(8);
      b.writeBigInt64BE(value);
      return b;
    }
    case 'float': case 'double': return throughJsNumber(kind, value);
    case 'date': {
      const b = Buffer.alloc(4);
      b.writeInt32BE(packDate(value, nodeClient.calendarDates));
      return b;
    }
    default: {  // text, binary: i32 byte length, then the bytes
      const b = Buffer.alloc(4 + value.length);
      b.writeInt32BE(value.length);
      value.copy(b, 4);
      return b;
    }
  }
}

// §2.6 "Node fast": a null cell is zero bytes of the cell's width (DATE 0, not 10000101), a null
// binary an empty one (a zero length), whatever slot value the cell holds.
function zeroCell(kind) {
  return Buffer.alloc(kind === 'text' || kind === 'binary' ? 4 : WIDTH[kind]);
}

// What the two Node profiles do differently: Session.ts @02aedeb7 refuses OBJECT and writes any DATE
// number; the client with OBJECT (@f0b76ed8) writes OBJECT and checks DATE against the calendar.
const CLIENTS = {
  node: { writesObject: false, calendarDates: false },
  'node-f0b76ed8': { writesObject: true, calendarDates: true },
};

function serialize(tablet, client, nodeClient) {
  const n = tablet.timestamps.length;
  // Nothing is sent for a type without a writer case (§1.1), nor for a tablet that is not one whole.
  if (tablet.columns.some((c) => c.kind === null)) throw new SerializeError('unsupported_type');
  if (tablet.columns.some((c) => c.cells.length !== n)) throw new SerializeError('inconsistent_tablet');
  if (client.columns.length !== 0 && client.columns.length !== tablet.columns.length) {
    throw new SerializeError('inconsistent_tablet');
  }

  // §2.2: n int64 big-endian, no header; the Node client never sorts the rows (§2.5).
  const timestamps = timestampsBuffer(tablet.timestamps);

  // §2.3 data section: each column, each row. Session.ts @02aedeb7 has no OBJECT case (node.object_rejected).
  const parts = [];
  for (const c of tablet.columns) {
    if (c.type === T.OBJECT && !nodeClient.writesObject) throw new SerializeError('unsupported_type');
    for (const cell of c.cells) {
      parts.push(cell.isNull ? zeroCell(c.kind) : valueBytes(c.kind, cell.value, nodeClient));
    }
  }

  // §2.6: Node always sends the bitmap section, one flag per column; flag 1 when the column has a
  // null. Its bitmap is ceil(n/8) bytes, not the n/8+1 the server reads (§2.4: one byte short
  // when n is a multiple of 8). Bits past the last row stay zero.
  for (const c of tablet.columns) {
    if (!c.cells.some((cell) => cell.isNull)) {
      parts.push(Buffer.from([0x00]));
      continue;
    }
    const bitmap = Buffer.alloc(Math.ceil(n / 8));
    c.cells.forEach((cell, row) => {
      if (cell.isNull) bitmap[row >> 3] |= 1 << (row & 7);  // §1.2: LSB-first
    });
    parts.push(Buffer.from([0x01]), bitmap);
  }
  return { timestamps, values: Buffer.concat(parts) };
}

const operations = {
  serialize: {
    profiles: ['node', 'node-f0b76ed8'],
    knownProfiles: ['java', 'cpp', 'python', 'go', 'node', 'node-f0b76ed8'],
    run(input, profile) {
      const tablet = readTablet(J.field(input, 'tablet', 'input'), 'input.tablet');
      const client = J.has(input, 'client')
        ? readClient(input.client, 'input.client')
        : { bitmapsAllocated: false, columns: [] };
      try {
        const { timestamps, values } = serialize(tablet, client, CLIENTS[profile]);
        return { timestamps: timestamps.toString('hex'), values: values.toString('hex') };
      } catch (e) {
        if (e instanceof SerializeError) return { error: e.errorClass };
        throw e;
      }
    },
  },
};

module.exports = { family: 'iotdb_tablet', operations, serialize };
