'use strict';
// Readers of the protocol's JSON spellings (PROTOCOL.md): int64/uint64 as decimal strings, bytes as
// hex, booleans, integers. Each reader takes the value and its path in the request, so that a bad
// field becomes a protocol_error naming where it is, what was expected and what was found.

class InputError extends Error {}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;
const UINT64_MAX = (1n << 64n) - 1n;

function shown(value) {
  const text = JSON.stringify(value);
  if (text === undefined) return String(value);
  return text.length > 80 ? text.slice(0, 80) + '…' : text;
}

function mistyped(value, path, expected) {
  return new InputError(`\`${path}\`: expected ${expected}, found ${shown(value)}`);
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A field that must be there.
function field(object, key, path) {
  if (!isObject(object)) throw mistyped(object, path || 'the request', `an object with field \`${key}\``);
  if (!Object.prototype.hasOwnProperty.call(object, key)) {
    throw new InputError(`\`${path ? path + '.' : ''}${key}\`: missing field`);
  }
  return object[key];
}

function has(object, key) {
  return isObject(object) && Object.prototype.hasOwnProperty.call(object, key);
}

function string(value, path) {
  if (typeof value !== 'string') throw mistyped(value, path, 'a string');
  return value;
}

function boolean(value, path) {
  if (typeof value !== 'boolean') throw mistyped(value, path, 'true or false');
  return value;
}

function array(value, path) {
  if (!Array.isArray(value)) throw mistyped(value, path, 'an array');
  return value;
}

// A JSON integer within [min, max] (plain JS numbers: every value read this way fits 53 bits).
function integer(value, path, min, max) {
  if (typeof value !== 'number' || !Number.isInteger(value)) throw mistyped(value, path, 'an integer');
  if (value < min || value > max) throw mistyped(value, path, `an integer from ${min} to ${max}`);
  return value;
}

// An integer as a decimal string ("-12"), as a BigInt within [min, max].
function decimal(value, path, min, max) {
  if (typeof value !== 'string' || !/^-?[0-9]+$/.test(value)) {
    throw mistyped(value, path, 'an integer as a decimal string');
  }
  const v = BigInt(value);
  if (v < min || v > max) throw mistyped(value, path, `an integer from ${min} to ${max}`);
  return v;
}

const int64 = (value, path) => decimal(value, path, INT64_MIN, INT64_MAX);
const uint64 = (value, path) => decimal(value, path, 0n, UINT64_MAX);

// Bytes as hex digits, any case; spaces between digits are allowed, as the suite's reader does.
function bytes(value, path) {
  const digits = typeof value === 'string' ? value.replace(/ /g, '') : null;
  if (digits === null || !/^[0-9a-fA-F]*$/.test(digits) || digits.length % 2 !== 0) {
    throw mistyped(value, path, 'bytes as a hex string');
  }
  return Buffer.from(digits, 'hex');
}

module.exports = {
  InputError, INT64_MIN, INT64_MAX, UINT64_MAX,
  mistyped, isObject, field, has, string, boolean, array, integer, decimal, int64, uint64, bytes,
};
