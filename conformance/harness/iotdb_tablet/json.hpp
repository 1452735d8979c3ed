// The language-neutral JSON form of IoTDB tablets, used by the golden vectors, the findings registry and the
// CLI (int64 as decimal strings, bytes as lowercase hex).
//
//   tablet: {"timestamps": ["1608268702780", …],
//            "columns": [{"type": "INT32", "values": ["1", null, "3"]}, …]}
//   cells:  BOOLEAN true/false; INT32, INT64, TIMESTAMP decimal strings; FLOAT, DOUBLE the IEEE-754 bits as
//           8 / 16 hex digits ("7fc00001"); DATE "2026-07-13" (year-month-day, any i32 year, month and day
//           0–99); TEXT, STRING, BLOB, OBJECT the bytes as hex ("" is empty).
//           null is a null cell holding the zero value; {"null": <cell>} a null cell holding that slot value.
//   client: {"bitmaps_allocated": true, "columns": [{"padding_marks": "ff", "marked_past_last_byte": false}, …]}
//   types:  ["INT32", "TEXT", 13]: names, or numbers for any code.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "reference/iotdb_tablet/model.hpp"

namespace tsc::iotdb {

Tablet tablet_from_json(const nlohmann::json& j);
nlohmann::json to_json(const Tablet& t);

ClientState client_from_json(const nlohmann::json& j);  // null gives the default state
nlohmann::json to_json(const ClientState& s);

std::vector<DataType> types_from_json(const nlohmann::json& j);
nlohmann::json types_to_json(const std::vector<DataType>& types);
std::string type_name(DataType t);  // the name, or the number of a code without one

// One cell as its JSON text, for reports.
std::string describe_cell(const Column& c, std::size_t row);

ErrorClass error_class_named(const std::string& name);

}  // namespace tsc::iotdb
