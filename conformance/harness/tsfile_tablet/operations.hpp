// The TsFile Tablet operations: serialize (the two-step API of apache/tsfile PR #1101) and
// deserialize, each under the layouts newest and v15201a9d (the operations' profiles).
//
// Divergence policy (docs/design.md), per layout:
//   - serialized_size must equal the length of the reference's bytes, or report the reference's
//     error class;
//   - serialize_into at any offset must write exactly the reference's bytes at [offset, offset+size)
//     and leave every other byte of the caller's buffer untouched; on an error (the reference's
//     class) or a buffer one byte too small (buffer_too_small) it must write nothing at all;
//   - deserializers must agree with the reference on success vs failure and on the error class for
//     every input; when both succeed, the tablet (every field, bit-exact floats, bitmap padding
//     bits) and the bytes consumed must be equal.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/operation.hpp"
#include "reference/tsfile_tablet/profile_rules.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc::tsfile {

// The JSON form of a tablet (vectors, protocol, CLI, reports):
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
// Column kinds and their cells (the tablet cell rule shared with iotdb_tablet), null a null cell:
// "boolean" true/false (a number for another model byte), "int32" numbers, "int64" decimal
// strings, "float" / "double" the IEEE-754 bits as 8 / 16 lowercase hex digits, "binary" a String
// when its schema is not BLOB or OBJECT and lowercase hex when it is (a column without a schema: a
// String), "date" "yyyy-mm-dd" for a calendar date of a year 0000-9999 and otherwise the integer
// year·10000 + month·100 + day (month and day 0-99, read back with floor division; beyond that the
// "y-m-d" text of the three numbers).
// Every key is there (null where the model holds no value); a missing or malformed one is an
// InputError naming its path.
Json tablet_json(const Tablet& tablet);
Tablet tablet_of(const JsonAt& j);

// Two tablets equal in every field, or the first field where they differ.
inline std::optional<Difference> compare(const Tablet& expected, const Tablet& actual) {
    return compare_as_json(expected, actual, tablet_json);
}

// The offset the checks write at when none is given: never 0, so an ignored offset shows.
inline constexpr std::size_t kDefaultOffset = 7;

std::vector<std::string_view> layout_names();
Layout layout_named(std::string_view name);

inline constexpr char kFamily[] = "tsfile_tablet";

struct Serialize : OperationBase<Serialize, kFamily, Subject> {
    static constexpr std::string_view name = "serialize";
    struct Input {
        Tablet tablet;
        Layout layout = Layout::newest;
        std::size_t offset = kDefaultOffset;
    };
    // Everything a caller of the two-step API observes. serialized_size first; then serialize_into
    // at `offset` of a buffer of offset + size + kRoomAfter guard bytes (size 0 when
    // serialized_size failed); then, when the size is known and not 0, serialize_into into a
    // buffer one byte too small. The reference's run is the ideal.
    struct Outcome {
        ErrorClass error = ErrorClass::ok;        // serialized_size
        std::size_t size = 0;                     // valid when error == ok
        ErrorClass write_error = ErrorClass::ok;  // serialize_into at the offset
        Bytes bytes;                              // buffer[offset, offset+size) when write_error == ok
        // The first buffer byte outside what was written (all of it when serialize_into failed)
        // that changed, and its value.
        std::optional<std::size_t> touched_at;
        std::uint8_t touched_value = 0;
        struct Tight {
            ErrorClass error = ErrorClass::buffer_too_small;
            bool touched = false;  // any byte of the small buffer changed
            bool operator==(const Tight&) const = default;
        };
        std::optional<Tight> tight;  // the buffer one byte too small, when it was tried
        bool ok() const { return error == ErrorClass::ok; }
    };
    static constexpr std::size_t kRoomAfter = 9;

    static std::vector<std::string_view> profiles() { return layout_names(); }
    static std::string_view profile(const Input& in) { return name_of(in.layout); }
    static Outcome run(Subject& s, const Input& in);
    // The ideal of the reference's one serialize: what its run gives (a test holds them equal), with
    // one serialize of the tablet instead of three.
    static Outcome reference(const Input& in);
    static std::optional<Difference> compare(const Outcome& expected, const Outcome& actual);
    static Json input_json(const Input& in);
    static Input read_input(const JsonAt& j, std::string_view profile);
    // Ideal outcomes read {"bytes": hex} and {"error": class}; a deviation from the ideal of its own
    // size adds "size", "write_error", "touched_at"/"touched_value" or "tight": {"error", "touched"}.
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
    // The ideal outcome of a subject whose serialize gives `bytes` or fails with `error`.
    static Outcome ideal(ErrorClass error, Bytes bytes);
};

struct Deserialize : OperationBase<Deserialize, kFamily, Subject> {
    static constexpr std::string_view name = "deserialize";
    struct Input {
        Bytes bytes;
        Layout layout = Layout::newest;
    };
    using Outcome = DeserializeOutcome;

    static std::vector<std::string_view> profiles() { return layout_names(); }
    static std::string_view profile(const Input& in) { return name_of(in.layout); }
    static Outcome run(Subject& s, const Input& in) { return s.deserialize(in.bytes, in.layout); }
    static Json input_json(const Input& in) { return {{"bytes", bytes_json(in.bytes)}}; }
    static Input read_input(const JsonAt& j, std::string_view profile) { return {j["bytes"].bytes(), layout_named(profile)}; }
    // {"tablet": <tablet JSON>, "consumed": n} or {"error": class}.
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
    static std::optional<Bytes> input_bytes(const Input& in) { return in.bytes; }
};

// The input layout of fuzz/tsfile_tablet_deserialize.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bit 0 = layout (0 newest, 1 v15201a9d); bits 1-7 ignored
//   1       ...   the serialized tablet, to the end of the input
//
// tsfile_tablet_roundtrip reads its input through FuzzedDataProvider, so any bytes are valid there:
// it takes the same seeds.
struct DeserializeFuzzInput {
    static constexpr std::array<std::string_view, 2> targets{"tsfile_tablet_deserialize", "tsfile_tablet_roundtrip"};
    using Op = Deserialize;
    static std::optional<Deserialize::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Deserialize::Input& input);
};

struct Reference;
struct External;

struct Family : Operations<Subject, Serialize, Deserialize>, SubjectKinds<Subject, Reference, External> {
    static std::span<const std::string_view> error_classes() { return kErrorClassNames; }  // "ok" first
    using FuzzInputs = tsc::FuzzInputs<DeserializeFuzzInput>;
    static std::span<const ProfileRule> profile_rules() { return kProfileRules; }
};

// Every subject serializes `tablet` as the reference does (size, bytes, untouched bytes around them,
// buffer_too_small) and deserializes the reference's bytes as the reference does.
std::vector<Failure> check_roundtrip(Tablet tablet, Layout layout, std::size_t offset = kDefaultOffset);
// The same for `subjects` only (a fuzz input picks one).
std::vector<Failure> check_roundtrip(std::span<Subject* const> subjects, Tablet tablet, Layout layout,
                                     std::size_t offset = kDefaultOffset);

}  // namespace tsc::tsfile

namespace tsc::families {
using tsfile_tablet = tsfile::Family;
}  // namespace tsc::families
