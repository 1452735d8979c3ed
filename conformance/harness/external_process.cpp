#include "conformance/harness/external_process.hpp"

#include <stdexcept>

namespace tsc {

void ExternalProcess::fail(const std::string& what, const nlohmann::json& request) const {
    throw std::runtime_error("external subject `" + command() + "`: " + what + "\n  request: " + request.dump());
}

nlohmann::json ExternalProcess::call(const nlohmann::json& request) {
    const Answer answer = testee_.exchange({request.dump()}).front();
    if (!answer.ok()) fail(answer.fault, request);
    nlohmann::json parsed = nlohmann::json::parse(answer.line, nullptr, false);
    if (!parsed.is_object()) fail("the answer is not a JSON object: " + answer.line, request);
    if (parsed.contains("protocol_error")) fail("it could not read the request: " + parsed["protocol_error"].dump(), request);
    return parsed;
}

}  // namespace tsc
