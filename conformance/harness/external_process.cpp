#include "conformance/harness/external_process.hpp"

#include <csignal>
#include <stdexcept>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace tsc {

ExternalProcess::ExternalProcess(std::string command) : command_(std::move(command)) {}

ExternalProcess::~ExternalProcess() {
    if (to_subject_) std::fclose(to_subject_);  // end of input: the subject exits
    if (from_subject_) std::fclose(from_subject_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
}

// Started on the first call, so that registering a subject costs nothing until a check uses it.
void ExternalProcess::start() {
    std::signal(SIGPIPE, SIG_IGN);  // a subject that died is reported by the failed write, not by a signal
    int in[2], out[2];
    // Close-on-exec: a second subject program must not inherit this one's pipes, or this one never
    // sees the end of its input and the harness waits for it forever.
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0)
        throw std::runtime_error("external subject: pipe() failed");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    for (int fd : {in[0], in[1], out[0], out[1]}) posix_spawn_file_actions_addclose(&actions, fd);
    char sh[] = "/bin/sh", dash_c[] = "-c";
    char* argv[] = {sh, dash_c, command_.data(), nullptr};
    const int rc = posix_spawn(&pid_, "/bin/sh", &actions, nullptr, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    if (rc != 0) throw std::runtime_error("external subject: cannot start /bin/sh -c " + command_);
    to_subject_ = fdopen(in[1], "w");
    from_subject_ = fdopen(out[0], "r");
}

void ExternalProcess::fail(const std::string& what, const nlohmann::json& request) {
    throw std::runtime_error("external subject `" + command_ + "`: " + what + "\n  request: " + request.dump());
}

nlohmann::json ExternalProcess::call(const nlohmann::json& request) {
    if (pid_ < 0) start();
    const std::string line = request.dump() + "\n";
    if (std::fputs(line.c_str(), to_subject_) < 0 || std::fflush(to_subject_) != 0)
        fail("cannot write the request (has it exited?)", request);
    std::string answer;
    for (int c; (c = std::fgetc(from_subject_)) != '\n';) {
        if (c == EOF) fail("no answer: its output ended" + (answer.empty() ? "" : " after `" + answer + "`"), request);
        answer.push_back(static_cast<char>(c));
    }
    nlohmann::json parsed = nlohmann::json::parse(answer, nullptr, false);
    if (!parsed.is_object()) fail("the answer is not a JSON object: " + answer, request);
    if (parsed.contains("protocol_error")) fail("it could not read the request: " + parsed["protocol_error"].dump(), request);
    return parsed;
}

}  // namespace tsc
