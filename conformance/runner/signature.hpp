// The signature of a failed check: what kind of failure it is, the same whichever seed, generator or
// case number produced it, so that one expected-failure line waives it wherever it occurs:
//
//   <family>/<operation>[@<profile>]:<expected class>-><actual class>[:<field>]
//
// A class is an error class, `ok`, or what went wrong with the answer: a fault of the testee
// (`timeout`, `exited`, `start_failed`, `out_of_order`, `not_sent` after repeated faults), or an
// answer that is `no_json`, of the `wrong_shape`, or a `protocol_error`. When both sides are `ok`, the field is the first field that
// differs, its indices and offsets left out (`columns[].values[]`, `values_length`):
//
//   qwp_gorilla/decode@typescript:ok->invalid_encoding
//   tsfile_tablet/deserialize@newest:ok->ok:props[]
#pragma once

#include <string>
#include <string_view>

#include "conformance/harness/json_values.hpp"

namespace tsc::runner {

// The class of an outcome in its JSON form: its `error`, else `ok`.
std::string outcome_class(const Json& outcome);

// A difference's place without the numbers that vary from case to case, and without blanks.
std::string field_path(std::string_view where);

std::string signature(std::string_view family, std::string_view operation, std::string_view profile,
                      std::string_view expected_class, std::string_view actual_class, std::string_view field = "");

}  // namespace tsc::runner
