// Arbitrary lines through the external protocol's served side (protocol.hpp reply_line, what
// `tsconform serve` answers each line with), with the reference of every family as the subject.
// Every line must get one JSON object line: {"outcome"}, {"unsupported"} or {"protocol_error"} with
// a reason (a `hello` gets {"protocol", "operations"}); a failure of the suite itself (an "internal
// error" answer), a crash or a hang is a bug.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "conformance/harness/protocol.hpp"
#include "families.hpp"

namespace {

// Bounds on the work of one input: a session of a few requests, each of a bounded size.
constexpr std::size_t kMaxLines = 64;
constexpr std::size_t kMaxLineBytes = 64 * 1024;

[[noreturn]] void bad_answer(std::string_view why, const std::string& request, const std::string& answer) {
    std::fprintf(stderr, "suite_protocol: %.*s\n  request: %.300s\n  answer:  %.300s\n  replay:  build/dev/replay_suite_protocol <input file>\n",
                 static_cast<int>(why.size()), why.data(), request.c_str(), answer.c_str());
    std::abort();
}

void check_answer(const std::string& request, const std::string& line) {
    if (line.find('\n') != std::string::npos) bad_answer("the answer is more than one line", request, line);
    const tsc::Json answer = tsc::Json::parse(line, nullptr, false);
    if (!answer.is_object()) bad_answer("the answer is no JSON object", request, line);
    if (answer.size() == 2 && answer.contains("protocol") && answer.contains("operations")) return;  // hello
    if (answer.size() != 1) bad_answer("the answer has other than one field", request, line);
    if (answer.contains("outcome") || answer.contains("unsupported")) return;
    if (!answer.contains("protocol_error")) bad_answer("the answer is no outcome, unsupported or protocol_error", request, line);
    const tsc::Json& why = answer["protocol_error"];
    if (!why.is_string() || why.get<std::string>().empty()) bad_answer("a protocol_error without a reason", request, line);
    if (why.get<std::string>().starts_with("internal error")) bad_answer("the suite failed on the request", request, line);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view rest(reinterpret_cast<const char*>(data), size);
    for (std::size_t lines = 0; !rest.empty() && lines < kMaxLines; ++lines) {
        const std::size_t end = rest.find('\n');
        const std::string request(rest.substr(0, end));
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        if (request.size() > kMaxLineBytes) continue;
        check_answer(request, tsc::protocol::reply_line(tsc::AllFamilies{}, tsc::kReferenceName, request));
    }
    return 0;
}
