// Arbitrary JSON documents through the JSON readers of every operation of every family, as the
// vectors, the protocol and the CLI read them: each document is read as every operation's input
// (under no profile and under each of its profiles) and as its outcome. A document a reader rejects
// must give an InputError naming where in the document (JsonAt: "`columns[2].type`: …" or "the
// document: …"); any other exception is a bug. A document a reader accepts is written back, and
// reading that gives the same value again: json(read(json(read(doc)))) == json(read(doc)).
// A vector file is also read vector by vector (each `input` and `expect`).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "conformance/harness/operation.hpp"
#include "families.hpp"

namespace {

using tsc::Json;

struct Reading {
    std::string_view family, op, what, profile;
};

[[noreturn]] void bug(const Reading& r, std::string_view why, const Json& document, const std::string& detail = {}) {
    std::fprintf(stderr,
                 "suite_json: %.*s/%.*s %.*s (profile `%.*s`): %.*s\n  %s\n  document: %.400s\n"
                 "  replay:   build/dev/replay_suite_json <input file>\n",
                 static_cast<int>(r.family.size()), r.family.data(), static_cast<int>(r.op.size()), r.op.data(),
                 static_cast<int>(r.what.size()), r.what.data(), static_cast<int>(r.profile.size()), r.profile.data(),
                 static_cast<int>(why.size()), why.data(), detail.c_str(),
                 document.dump(-1, ' ', false, Json::error_handler_t::replace).c_str());
    std::abort();
}

// JsonAt's messages start with the path of the value they are about.
bool names_a_path(std::string_view message) {
    return message.starts_with('`') || message.starts_with("the document");
}

// write(read(document)), or nullopt when the reader rejects the document (with a path).
template <class Write>
std::optional<Json> read_and_write(const Reading& r, const Json& document, Write write) {
    try {
        return write(document);
    } catch (const tsc::InputError& e) {
        if (!names_a_path(e.what())) bug(r, "an InputError that names no path", document, e.what());
        return std::nullopt;
    } catch (const std::exception& e) {
        bug(r, "an exception other than InputError", document, e.what());
    }
}

template <class Write>
void check_fixed_point(const Reading& r, const Json& document, Write write) {
    const std::optional<Json> written = read_and_write(r, document, write);
    if (!written) return;
    Json again;
    try {
        again = write(*written);
    } catch (const std::exception& e) {
        bug(r, "what was written back cannot be read", *written, e.what());
    }
    if (again != *written)
        bug(r, "reading what was written back gives another value", *written,
            "written again: " + again.dump(-1, ' ', false, Json::error_handler_t::replace).substr(0, 400));
}

template <tsc::Operation Op>
void check_readers(const Json& document) {
    const auto input = [](std::string_view profile) {
        return [profile](const Json& j) { return Op::input_json(Op::input_of(j, profile)); };
    };
    check_fixed_point({Op::family, Op::name, "input", ""}, document, input(""));
    for (const std::string_view profile : Op::profiles())
        check_fixed_point({Op::family, Op::name, "input", profile}, document, input(profile));
    check_fixed_point({Op::family, Op::name, "outcome", ""}, document,
                      [](const Json& j) { return Op::outcome_json(Op::outcome_of(j)); });
}

void check_every_reader(const Json& document) {
    tsc::AllFamilies::each([&]<class F>() { F::each([&]<class Op>() { check_readers<Op>(document); }); });
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const Json document = Json::parse(data, data + size, nullptr, false);
    if (document.is_discarded()) return 0;
    check_every_reader(document);
    if (document.is_object() && document.contains("vectors") && document["vectors"].is_array())
        for (const Json& vector : document["vectors"])
            for (const char* part : {"input", "expect"})
                if (vector.is_object() && vector.contains(part)) check_every_reader(vector[part]);
    return 0;
}
