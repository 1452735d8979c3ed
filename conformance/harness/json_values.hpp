// The one JSON spelling of the values every family shares (Arrow integration's rules): int64 and
// uint64 as decimal strings, bytes as lowercase hex, enums by their model names. Vectors, the
// protocol, the CLI and failure dumps all read and write through these.
//
// Every reader goes through JsonAt, a value with its path in the document (`columns[2].cells[5]`):
// a missing or mistyped field is an InputError naming that path, what was expected and what was
// found. No field has a default here; a format with an optional field reads it with optional().
#pragma once

#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "conformance/harness/input_error.hpp"
#include "conformance/harness/names.hpp"
#include "reference/common/bytes.hpp"

namespace tsc {

using Json = nlohmann::json;

// A JSON value and where it is in its document.
class JsonAt {
public:
    explicit JsonAt(const Json& json, std::string path = {}) : json_(&json), path_(std::move(path)) {}

    const Json& json() const { return *json_; }
    const std::string& path() const { return path_; }
    bool is_null() const { return json_->is_null(); }

    // Throws InputError: "<path>: expected <expected>, found <the value>".
    [[noreturn]] void mistyped(std::string_view expected) const;
    // Throws InputError: "<path>: <what>".
    [[noreturn]] void invalid(std::string_view what) const;

    // A field that must be there; optional() one the format lets out.
    JsonAt operator[](std::string_view key) const;
    std::optional<JsonAt> optional(std::string_view key) const;
    bool has(std::string_view key) const { return json_->is_object() && json_->contains(key); }
    // The elements of an array (exactly `size` of them when given).
    std::vector<JsonAt> elements(std::optional<std::size_t> size = std::nullopt) const;

    std::string string() const;
    bool boolean() const;
    Bytes bytes() const;  // lowercase hex; any case is read
    // A JSON integer within [min, max] (by default the range of Int).
    template <class Int>
    Int number(Int min = std::numeric_limits<Int>::min(), Int max = std::numeric_limits<Int>::max()) const {
        return static_cast<Int>(checked(integer(), min, max));
    }
    // A decimal string within [min, max] (the int64 and uint64 spelling).
    template <class Int>
    Int decimal(Int min = std::numeric_limits<Int>::min(), Int max = std::numeric_limits<Int>::max()) const {
        return static_cast<Int>(checked(decimal_text(), min, max));
    }
    // An enumeration by its model name.
    template <class Enum, std::size_t N>
    Enum named(const std::array<std::string_view, N>& names, std::string_view what) const {
        const std::string name = string();
        try {
            return value_named<Enum>(names, name, what);
        } catch (const std::invalid_argument& e) {
            invalid(e.what());
        }
    }
    // An error class of an outcome: never `ok`, which is written by leaving `error` out.
    template <class Enum, std::size_t N>
    Enum error_class(const std::array<std::string_view, N>& names) const {
        const Enum e = named<Enum>(names, "error class");
        if (e == Enum{}) invalid("an outcome's `error` is never `ok`: leave it out");
        return e;
    }

private:
    // An integer as written, beyond the range of any one C++ type: its sign and magnitude.
    struct Integer {
        bool negative = false;
        std::uint64_t magnitude = 0;
    };
    Integer integer() const;
    Integer decimal_text() const;
    template <class Int>
    Int checked(Integer v, Int min, Int max) const {
        constexpr std::uint64_t kMostNegative = std::uint64_t{1} << 63;
        if (!v.negative && std::cmp_greater_equal(v.magnitude, min) && std::cmp_less_equal(v.magnitude, max))
            return static_cast<Int>(v.magnitude);
        if (v.negative && v.magnitude <= kMostNegative) {
            const std::int64_t value = v.magnitude == kMostNegative ? std::numeric_limits<std::int64_t>::min()
                                                                     : -static_cast<std::int64_t>(v.magnitude);
            if (std::cmp_greater_equal(value, min) && std::cmp_less_equal(value, max)) return static_cast<Int>(value);
        }
        mistyped("an integer from " + std::to_string(min) + " to " + std::to_string(max));
    }

    const Json* json_;
    std::string path_;
};

// The same for a document read whole: the top-level value.
inline JsonAt document(const Json& json) { return JsonAt(json); }

// Readers of one field of a plain object (the path is the key).
const Json& field(const Json& object, std::string_view key);
bool has_field(const Json& object, std::string_view key);
std::string string_field(const Json& object, std::string_view key);

Json int64_json(std::int64_t value);
Json uint64_json(std::uint64_t value);
Json bytes_json(ByteView bytes);

// An outcome's JSON under the error-class-first rule: {"error": "<class>"} when it failed, else
// what `content` writes.
template <class Outcome, std::size_t N, class Content>
Json outcome_json(const Outcome& o, const std::array<std::string_view, N>& error_names, Content content) {
    if (!o.ok()) return {{"error", error_names[static_cast<std::size_t>(o.error)]}};
    return content();
}
// The inverse: an outcome holding only the error class when `error` is there, else what `content`
// reads.
template <class Outcome, std::size_t N, class Content>
Outcome outcome_of(const JsonAt& j, const std::array<std::string_view, N>& error_names, Content content) {
    if (const auto e = j.optional("error")) {
        Outcome o{};
        o.error = e->error_class<decltype(o.error)>(error_names);
        return o;
    }
    return content();
}

// A JSON document from text, or from the file named after an `@` (the CLI's long inputs); text
// that is no JSON is an InputError.
Json parse_json_argument(const std::string& text);
Json parse_json_text(const std::string& text, std::string_view what);

}  // namespace tsc
