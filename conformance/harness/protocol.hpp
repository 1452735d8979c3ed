// The external subject protocol, version 1 (subjects/external/PROTOCOL.md), written once over the
// operation descriptors: a request is {"family", "op", "profile"?, "input"} and its answer
// {"outcome": <the operation's outcome JSON>}, {"unsupported": "<why>"} or {"protocol_error": "<why>"};
// {"op": "hello"} is answered with the operations a program supports.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <istream>
#include <ostream>

#include "conformance/harness/external_process.hpp"
#include "conformance/harness/operation.hpp"

namespace tsc::protocol {

inline constexpr int kVersion = 1;

// A subject program's answer that it does not implement an operation.
struct Unsupported : std::runtime_error {
    using std::runtime_error::runtime_error;
};

template <Operation Op>
Json request(const typename Op::Input& input) {
    Json r{{"family", Op::family}, {"op", Op::name}, {"input", Op::input_json(input)}};
    if (const std::string_view p = Op::profile(input); !p.empty()) r["profile"] = p;
    return r;
}

// One operation through a subject program.
template <Operation Op>
typename Op::Outcome call(ExternalProcess& process, const typename Op::Input& input) {
    const Json req = request<Op>(input);
    const Json answer = process.call(req);
    if (has_field(answer, "unsupported"))
        throw Unsupported(process.command() + " does not support " + std::string(Op::family) + "/" +
                          std::string(Op::name) + ": " + answer["unsupported"].dump());
    try {
        return Op::outcome_of(field(answer, "outcome"));
    } catch (const std::exception& e) {
        throw std::runtime_error("external subject `" + process.command() + "`: unreadable answer (" + e.what() +
                                 ")\n  request: " + req.dump() + "\n  answer:  " + answer.dump());
    }
}

// The operations a registered subject of each family answers: for `hello`.
template <class... Families>
Json operations_of(std::string_view subject) {
    Json ops = Json::array();
    (
        [&] {
            register_builtin_subjects();
            if (registry<typename Families::Subject>().find(subject) == nullptr) return;
            Families::each([&]<class Op>() {
                Json profiles = Json::array();
                for (std::string_view p : Op::profiles()) profiles.push_back(p);
                ops.push_back({{"family", Op::family}, {"op", Op::name}, {"profiles", profiles}});
            });
        }(),
        ...);
    return ops;
}

// The answer of registered subject `subject` to one request (the served side of the protocol).
// `profile` may be left out for an operation's first profile (PROTOCOL.md).
template <class... Families>
Json answer(FamilyList<Families...>, std::string_view subject, const Json& json) {
    const JsonAt request = document(json);
    const std::string op = request["op"].string();
    if (op == "hello") return {{"protocol", kVersion}, {"operations", operations_of<Families...>(subject)}};
    const std::string family = request["family"].string();
    Json outcome;
    const bool known = ((Families::family == family &&
                         Families::with(op, [&]<class Op>() {
                             auto& s = subject_named<typename Op::Subject>(Op::family, subject);
                             const auto profile = request.optional("profile");
                             const auto input = Op::read_input(request["input"], profile ? profile->string() : "");
                             outcome = Op::outcome_json(Op::run(s, input));
                         })) ||
                        ...);
    if (!known) return {{"unsupported", "no operation " + family + "/" + op}};
    return {{"outcome", outcome}};
}

// The answer to one request line, as the line to send back (without its newline). A request that
// cannot be read gets {"protocol_error": "<why, with the path of the field>"}; a failure of the suite
// itself gets {"protocol_error": "internal error: …"}; nothing escapes.
template <class... Families>
std::string reply_line(FamilyList<Families...> families, std::string_view subject, const std::string& line) {
    Json reply;
    try {
        reply = answer(families, subject, parse_json_text(line, "the request"));
    } catch (const InputError& e) {
        reply = {{"protocol_error", e.what()}};
    } catch (const std::exception& e) {
        reply = {{"protocol_error", std::string("internal error: ") + e.what()}};
    } catch (...) {
        reply = {{"protocol_error", "internal error"}};
    }
    // A message may quote bytes of the request that are no UTF-8 (a parse error's "last read"):
    // they are replaced, so that the answer is always JSON.
    return reply.dump(-1, ' ', false, Json::error_handler_t::replace);
}

// Answers requests on stdin, one JSON line each, until stdin ends; the loop goes on after any
// request (reply_line).
template <class... Families>
void serve(FamilyList<Families...> families, std::string_view subject, std::istream& in, std::ostream& out) {
    for (std::string line; std::getline(in, line);)
        out << reply_line(families, subject, line) << std::endl;  // flushed: the other side waits for each line
}

}  // namespace tsc::protocol
