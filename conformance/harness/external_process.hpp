// A subject program of the external protocol (subjects/external/PROTOCOL.md), started once with
// `/bin/sh -c <command>` and asked one JSON line at a time over its stdin and stdout. Its stderr is
// the harness's. A subject that exits or answers something that is not one JSON object per line
// makes call() throw std::runtime_error with the command and the request.
#pragma once

#include <cstdio>
#include <string>
#include <sys/types.h>

#include <nlohmann/json.hpp>

namespace tsc {

class ExternalProcess {
public:
    explicit ExternalProcess(std::string command);
    ~ExternalProcess();
    ExternalProcess(const ExternalProcess&) = delete;
    ExternalProcess& operator=(const ExternalProcess&) = delete;

    nlohmann::json call(const nlohmann::json& request);
    const std::string& command() const { return command_; }

private:
    void start();
    [[noreturn]] void fail(const std::string& what, const nlohmann::json& request);

    std::string command_;
    pid_t pid_ = -1;
    std::FILE* to_subject_ = nullptr;
    std::FILE* from_subject_ = nullptr;
};

}  // namespace tsc
