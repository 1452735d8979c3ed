// A subject program of the external protocol (subjects/external/PROTOCOL.md) as the in-process checks
// use it: one request at a time through a ProgramTestee (testee.hpp), started on the first request
// and kept running. A subject that exits, hangs, or answers something that is not one JSON object
// per line makes call() throw std::runtime_error with the command and the request.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "conformance/harness/testee.hpp"

namespace tsc {

class ExternalProcess {
public:
    // A request unanswered this long is a fault: long enough for a slow interpreter's largest case.
    static constexpr int kTimeoutMs = 120000;

    explicit ExternalProcess(std::string command) : testee_(std::move(command), kTimeoutMs) {}

    nlohmann::json call(const nlohmann::json& request);
    std::string command() const { return testee_.describe(); }

private:
    [[noreturn]] void fail(const std::string& what, const nlohmann::json& request) const;

    ProgramTestee testee_;
};

}  // namespace tsc
