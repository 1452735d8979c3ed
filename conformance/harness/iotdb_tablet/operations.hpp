// The IoTDB insertTablet operations: a client's `serialize` of the `timestamps` and `values` buffers
// under a client profile, a server's `parse` of them under a parser profile, and the `contract` (what a
// client profile sends, read back by a parser).
//
// Divergence policy (docs/design.md):
//   - serialize: the `timestamps` and `values` bytes must equal the reference's for the same profile,
//     padding bits included, or both must fail; a tablet with several faults may be refused with the
//     class of any of them (reference::serialize_faults), since clients check in different orders;
//   - parse: agree with the reference parser on success vs failure and on the error class for every
//     input; when both succeed, the logical tablet (canonical, model.hpp) and the bytes consumed must
//     be equal;
//   - contract: the parser must read what the client sent back to the canonical tablet, each value as the
//     profile writes it (error classes first; the bytes consumed are not compared). Its `reference` is that canonical expectation, not
//     another implementation, so it is checked on the reference subject only (checks.hpp: check_contract,
//     which lets a registered finding explain a divergence); a vector with a `finding` block records
//     what the reference does read back, and holds for every subject.
//
// JSON forms (one per model value; json_values.hpp for int64 and bytes):
//   tablet: {"timestamps": ["1608268702780", …], "columns": [{"type": "INT32", "values": [1, null, 3]}, …]}
//   cells:  BOOLEAN true/false; INT32 a JSON integer; INT64, TIMESTAMP decimal strings; FLOAT, DOUBLE the
//           IEEE-754 bits as 8 / 16 lowercase hex digits ("7fc00001"); TEXT, STRING a JSON string when the
//           bytes are valid UTF-8, else {"hex": "<bytes>"}; BLOB, OBJECT the bytes as hex; DATE "yyyy-mm-dd"
//           when it is a calendar date of a year 0000–9999, else the integer year·10000 + month·100 + day
//           (month and day 0–99; read back with floor division, as a parser splits an i32).
//           null is a null cell holding the zero value; {"null": <cell>} a null cell holding that slot
//           value (a Go client sends it). A null mark and a BOOLEAN cell are canonical (1) in JSON: every
//           non-zero byte means the same to serializers.
//   client: {"bitmaps_allocated": true, "columns": [{"padding_marks": "ff", "marked_past_last_byte": false}, …]}
//   types:  ["INT32", "TEXT", 13]: names, or numbers for codes without one.
//   serialize input {"tablet", "client"?}; outcome {"timestamps": hex, "values": hex} | {"error"}
//   parse     input {"types", "rows": <i32>, "timestamps": hex, "values": hex};
//             outcome {"tablet", "consumed": <n>} | {"error"}
//   contract  input {"tablet", "client"?}, profile "<client profile>:<parser profile>";
//             outcome {"tablet"} | {"error"} (a serializer's error class when nothing was sent)
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "conformance/harness/fuzz_input.hpp"
#include "conformance/harness/operation.hpp"
#include "reference/iotdb_tablet/profile_rules.hpp"
#include "subjects/api/iotdb_tablet.hpp"

namespace tsc::iotdb {

Json tablet_json(const Tablet& t);
Tablet tablet_of(const JsonAt& j);
Json client_json(const ClientState& s);
ClientState client_of(const JsonAt& j);
Json types_json(const std::vector<DataType>& types);
std::vector<DataType> types_of(const JsonAt& j);
std::string type_name(DataType t);  // the name, or the number of a code without one

// The tablet as a parser returns it: nulls and BOOLEAN cells 0/1, null cells holding the zero value.
Tablet canonical(Tablet t);
// The schema a server is given with the tablet's buffers.
Schema schema_of(const Tablet& t);


inline constexpr char kFamily[] = "iotdb_tablet";

struct Serialize : OperationBase<Serialize, kFamily, Subject> {
    static constexpr std::string_view name = "serialize";
    struct Input {
        Tablet tablet;
        ClientState client;
        Profile profile = kProfiles[0];
    };
    using Outcome = SerializeOutcome;

    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in) { return in.profile.name; }
    static Outcome run(Subject& s, const Input& in) { return s.serialize(in.tablet, in.client, in.profile); }
    // A refusal of another class than the reference's passes when the tablet holds a fault of that class.
    static std::optional<Difference> compare(const Input& in, const Outcome& e, const Outcome& a);
    using OperationBase::compare;  // the exact comparison, for outcomes of one input
    static Json input_json(const Input& in);
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
};

struct Parse : OperationBase<Parse, kFamily, Subject> {
    static constexpr std::string_view name = "parse";
    struct Input {
        Bytes timestamps;
        Bytes values;
        Schema schema;
        ParserProfile parser = kParserProfiles[0];
    };
    using Outcome = ParseOutcome;

    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in) { return in.parser.name; }
    static Outcome run(Subject& s, const Input& in) { return s.parse(in.timestamps, in.values, in.schema, in.parser); }
    static Json input_json(const Input& in);
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
    // The timestamps buffer, then the values buffer.
    static std::optional<Bytes> input_bytes(const Input& in);
};

struct Contract : OperationBase<Contract, kFamily, Subject> {
    static constexpr std::string_view name = "contract";
    // What the client of `profile` serializes, and the parser that reads it back: a serializer's input
    // is part of it, so that one tablet serves both checks.
    struct Input : Serialize::Input {
        ParserProfile parser = kParserProfiles[0];
    };
    // What the parser read back from what the client sent.
    struct Outcome {
        ErrorClass error = ErrorClass::ok;  // a serializer's class when nothing was sent, else the parser's
        Tablet tablet;                      // valid when error == ok
        bool ok() const { return error == ErrorClass::ok; }
        bool operator==(const Outcome&) const = default;
    };

    // "<client profile>:<parser profile>", every pair.
    static std::vector<std::string_view> profiles();
    static std::string_view profile(const Input& in);
    // What the subject's parser reads back from what its serializer sent (the reference's run is the
    // reference outcome: the contract's ideal is `expected`).
    static Outcome run(Subject& s, const Input& in);
    // The read-back of bytes already sent: `sent` is what (in.tablet, in.client, in.profile) serialized to.
    static Outcome read_back(Subject& s, const Input& in, const SerializeOutcome& sent);
    // The read-back when the parse of the sent bytes is known.
    static Outcome read_back_of(ParseOutcome read) { return {read.error, read.ok() ? std::move(read.tablet) : Tablet{}}; }
    // The ideal: the canonical tablet as the profile writes it (reference.hpp as_written), or the
    // serializer's error class `sent` (ok: the tablet was sent).
    static Outcome expected(const Input& in, ErrorClass sent);
    // Whether `read` is `expected(in, sent)`, found cell by cell without building it: the contract runs on
    // every fuzz input, and building the expected tablet was a sixth of what such a run allocates.
    static bool is_expected(const Input& in, ErrorClass sent, const Outcome& read);
    // A serializer's refusal of another class than the reference's passes as Serialize::compare's does.
    static std::optional<Difference> compare(const Input& in, const Outcome& e, const Outcome& a);
    using OperationBase::compare;
    static Json input_json(const Input& in) { return Serialize::input_json(in); }
    static Input read_input(const JsonAt& j, std::string_view profile);
    static Json outcome_json(const Outcome& o);
    static Outcome read_outcome(const JsonAt& j);
};

// The input layout of fuzz/iotdb_tablet_parse.cpp (conformance/harness/fuzz_input.hpp):
//
//   offset  size  field
//   0       1     bits 0-2 = column count c; bit 3 = parser profile (0 legacy, 1 tablet-decoder);
//                 bits 4-7 ignored
//   1       c     type codes, one byte each (TSDataType codes, any byte)
//   1+c     4     row count n, int32 little-endian
//   5+c     ...   the timestamps buffer: 8·n bytes, or all that is left if fewer (or n < 0); then the
//                 values buffer, to the end of the input
//
// Seeds come from the parse vectors and from the bytes each serialize vector expects. An input with
// more than 7 columns, or whose timestamps buffer is not where that split puts it,
// does not fit. iotdb_tablet_serialize reads its input through FuzzedDataProvider, so any bytes are
// valid there: it takes the same seeds.
struct ParseFuzzInput {
    static constexpr std::array<std::string_view, 2> targets{"iotdb_tablet_parse", "iotdb_tablet_serialize"};
    using Op = Parse;
    static std::optional<Parse::Input> decode(ByteView bytes);
    static std::optional<Bytes> encode(const Parse::Input& input);
    // A serialize vector's expected buffers, as every parser is sent them.
    static std::vector<std::pair<std::string, Parse::Input>> more_inputs(const Vector& v);
};

struct Reference;
struct External;

struct Family : Operations<Subject, Serialize, Parse, Contract>, SubjectKinds<Subject, Reference, External> {
    static std::span<const std::string_view> error_classes() { return kErrorClassNames; }  // "ok" first
    using FuzzInputs = tsc::FuzzInputs<ParseFuzzInput>;
    static std::span<const ProfileRule> profile_rules() { return kProfileRules; }
};

}  // namespace tsc::iotdb

namespace tsc::families {
using iotdb_tablet = iotdb::Family;
}  // namespace tsc::families
