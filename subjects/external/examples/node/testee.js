#!/usr/bin/env node
'use strict';
// An example testee in plain JavaScript (Node.js built-ins only) speaking the external subject
// protocol, version 1 (subjects/external/PROTOCOL.md): one JSON request per line on stdin, one
// answer line per request on stdout, in order. It implements
//   qwp_gorilla  decode     (profile typescript)  and  encode
//   iotdb_tablet serialize  (profile node)
// Run: node testee.js

const J = require('./json_fields');
const qwpGorilla = require('./qwp_gorilla');
const iotdbTablet = require('./iotdb_tablet');

const PROTOCOL_VERSION = 1;
const FAMILIES = { [qwpGorilla.family]: qwpGorilla, [iotdbTablet.family]: iotdbTablet };

function hello() {
  const operations = [];
  for (const [family, module] of Object.entries(FAMILIES)) {
    for (const [op, operation] of Object.entries(module.operations)) {
      operations.push({ family, op, profiles: operation.profiles });
    }
  }
  return { protocol: PROTOCOL_VERSION, operations };
}

// The suite's JSON reader refuses a \uD800-style escape that is not half of a surrogate pair;
// JSON.parse lets it through, so it is looked for in every string of the request.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasLoneSurrogate(value) {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.some(hasLoneSurrogate);
  if (J.isObject(value)) return Object.entries(value).some(([k, v]) => LONE_SURROGATE.test(k) || hasLoneSurrogate(v));
  return false;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The request line as JSON, or an InputError saying why it is none.
function parseRequest(lineBytes) {
  let text;
  try {
    text = utf8.decode(lineBytes);
  } catch (e) {
    throw new J.InputError('the request is not valid JSON: it is not UTF-8 text');
  }
  let request;
  try {
    request = JSON.parse(text);
  } catch (e) {
    throw new J.InputError(`the request is not valid JSON: ${e.message}`);
  }
  if (hasLoneSurrogate(request)) throw new J.InputError('the request is not valid JSON: a lone UTF-16 surrogate');
  return request;
}

// The profile a request runs under: a profile this program implements, or an answer to send back
// instead (unsupported for a profile of the suite it does not implement).
function chooseProfile(request, family, op, operation) {
  const given = J.has(request, 'profile') ? J.string(request.profile, 'profile') : null;
  if (operation.knownProfiles.length === 0) return { profile: null };  // no profiles: ignored
  if (given === null) return { profile: operation.profiles[0] };  // the first one hello lists
  if (operation.profiles.includes(given)) return { profile: given };
  if (operation.knownProfiles.includes(given)) {
    return { answer: { unsupported: `${family}/${op} profile ${given}: this program implements only ${operation.profiles.join(', ')}` } };
  }
  throw new J.InputError(`\`profile\`: no ${family}/${op} profile \`${given}\`; the choices are ${operation.knownProfiles.join(', ')}`);
}

function answer(request) {
  const op = J.string(J.field(request, 'op', ''), 'op');
  if (op === 'hello') return hello();
  const family = J.string(J.field(request, 'family', ''), 'family');
  const module = Object.prototype.hasOwnProperty.call(FAMILIES, family) ? FAMILIES[family] : null;
  const operation = module && Object.prototype.hasOwnProperty.call(module.operations, op) ? module.operations[op] : null;
  if (operation === null) return { unsupported: `no operation ${family}/${op}` };
  const chosen = chooseProfile(request, family, op, operation);
  if (chosen.answer) return chosen.answer;
  return { outcome: operation.run(J.field(request, 'input', ''), chosen.profile) };
}

// Whatever the line holds, one answer line: an unreadable request is a protocol_error, and a
// failure of this program is reported the same way instead of ending it.
function replyLine(lineBytes) {
  let reply;
  try {
    reply = answer(parseRequest(lineBytes));
  } catch (e) {
    reply = { protocol_error: e instanceof J.InputError ? e.message : `internal error: ${e && e.stack ? e.stack : e}` };
  }
  return JSON.stringify(reply) + '\n';
}

function main() {
  // The bytes of the line being read, as the chunks they arrived in (joined once the line ends).
  let pieces = [];
  process.stdout.on('error', () => process.exit(0));  // the harness went away: nothing left to answer
  process.stdin.on('data', (chunk) => {
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      pieces.push(chunk.subarray(start, nl));
      // Each answer is written as soon as it is ready; the harness waits for it before the next line.
      process.stdout.write(replyLine(Buffer.concat(pieces)));
      pieces = [];
      start = nl + 1;
    }
    if (start < chunk.length) pieces.push(chunk.subarray(start));
  });
  process.stdin.on('end', () => {
    if (pieces.length > 0) process.stdout.write(replyLine(Buffer.concat(pieces)));  // a last line without a newline
  });
}

main();
