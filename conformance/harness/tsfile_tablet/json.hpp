// The language-neutral JSON form of a TsFile tablet model, used by the golden vectors, the findings
// registry and the CLI (one shape everywhere):
//
//   {"target": "root.sg.d1" | null,            a String: JSON text, null, or {"hex": "…"} for bytes
//                                              that are not UTF-8 (the same for every String below)
//    "row_size": 3,
//    "schemas": null | [null | {"name": …, "type": "INT32" | 13, "encoding": 0, "compressor": 0,
//                               "props": [[key, value], …], "category": "TAG" | "FIELD" | "ATTRIBUTE"}],
//    "timestamps": null | ["1608268702780", …],                int64 as decimal strings
//    "bitmaps": null | [null | {"size": 10, "bytes": "5202"}],  bytes as lowercase hex
//    "values": null | [null | {"kind": K, "cells": […]}]}
//
// Column kinds and their cells: "boolean" true/false (or a number for another model byte),
// "int32" numbers, "int64" decimal strings, "float" / "double" the IEEE-754 bits as 8 / 16 hex
// digits, "binary" a String or null (absent cell), "date" "yyyy-mm-dd" or null.
// A missing key reads as null (row_size as 0).
#pragma once

#include <nlohmann/json.hpp>

#include "reference/tsfile_tablet/model.hpp"

namespace tsc::tsfile {

nlohmann::json to_json(const Tablet& tablet);
// Throws std::runtime_error naming the offending field.
Tablet tablet_from_json(const nlohmann::json& j);

}  // namespace tsc::tsfile
