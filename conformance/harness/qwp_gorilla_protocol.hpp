// The QWP Gorilla messages of the external subject protocol (subjects/external/PROTOCOL.md): JSON
// requests and answers, one per line, int64 as decimal strings, bytes as lowercase hex. Both sides
// of the protocol use these functions, the harness's process subject and `tsconform serve`, so
// the wire form is written once.
#pragma once

#include <nlohmann/json.hpp>

#include "reference/qwp_gorilla/model.hpp"
#include "subjects/api/qwp_gorilla.hpp"

namespace tsc::qwp::protocol {

nlohmann::json encode_request(const Column& column, bool gorilla_flag);
nlohmann::json decode_request(ByteView body, const Framing& framing, const Profile& profile);

// The subject's side: runs one request against `subject` and gives the answer.
nlohmann::json answer(Subject& subject, const nlohmann::json& request);

// The harness's side: the answer read back. Throws std::runtime_error on a malformed answer.
Bytes encoded_bytes(const nlohmann::json& answer);
DecodeOutcome decode_outcome(const nlohmann::json& answer);

}  // namespace tsc::qwp::protocol
