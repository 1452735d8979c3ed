#include "conformance/harness/testee.hpp"

#include <cerrno>
#include <csignal>
#include <stdexcept>
#include <utility>

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>

extern char** environ;

namespace tsc {
namespace {

// Requests in flight at once: enough to keep a testee busy, few enough that a fault resends little.
constexpr std::size_t kWindow = 256;
constexpr std::size_t kStderrTail = 2000;
constexpr std::size_t kGiveUpAfter = 5;  // faults in a row without one answer

void nonblocking(int fd) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

ProgramTestee::ProgramTestee(std::string command, int timeout_ms) : command_(std::move(command)), timeout_ms_(timeout_ms) {}

// At the end of a run the testee's stdin is closed, the end of its requests, and it is given a moment
// to exit on its own with its stdout and stderr still open and drained: a testee that writes to stderr
// while exiting (a Go runtime's last words) must not die of SIGPIPE. Then it is stopped.
ProgramTestee::~ProgramTestee() {
    constexpr int kExitGraceMs = 2000;
    if (pid_ > 0) close(std::exchange(to_, -1));
    for (int waited = 0; waited < kExitGraceMs && pid_ > 0; waited += 10) {
        char chunk[4096];
        while (from_ >= 0 && read(from_, chunk, sizeof chunk) > 0) {
        }
        while (read_stderr()) {
        }
        if (waitpid(pid_, nullptr, WNOHANG) == pid_) pid_ = -1;
        else usleep(10000);
    }
    stop();
}

void ProgramTestee::start() {
    std::signal(SIGPIPE, SIG_IGN);  // a testee that died shows as a failed write and an end of output
    int in[2], out[2], err[2];
    if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0)
        throw std::runtime_error("cannot create the pipes of a testee");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, err[1], STDERR_FILENO);
    char sh[] = "/bin/sh", dash_c[] = "-c";
    char* argv[] = {sh, dash_c, command_.data(), nullptr};
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attributes, 0);
    const int rc = posix_spawn(&pid_, "/bin/sh", &actions, &attributes, argv, environ);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    to_ = in[1];
    from_ = out[0];
    err_ = err[0];
    if (rc != 0) {
        pid_ = -1;
        stop();
        throw std::runtime_error("cannot start /bin/sh -c " + command_);
    }
    group_ = pid_;
    for (int fd : {to_, from_, err_}) nonblocking(fd);
    out_buffer_.clear();
}

void ProgramTestee::stop() {
    for (int* fd : {&to_, &from_, &err_})
        if (*fd >= 0) close(std::exchange(*fd, -1));
    if (group_ > 0) kill(-std::exchange(group_, -1), SIGKILL);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

std::string ProgramTestee::stderr_tail() const {
    if (err_tail_.empty()) return "";
    return "\n  its stderr ended with:\n" + std::string(err_tail_.begin(), err_tail_.end());
}

// Reads what the testee wrote to stderr into the kept tail; false when there was nothing (or its
// stderr has ended, which closes it).
bool ProgramTestee::read_stderr() {
    if (err_ < 0) return false;
    char chunk[4096];
    const ssize_t n = read(err_, chunk, sizeof chunk);
    if (n == 0) close(std::exchange(err_, -1));
    if (n <= 0) return false;
    err_tail_.insert(err_tail_.end(), chunk, chunk + n);
    while (err_tail_.size() > kStderrTail) err_tail_.pop_front();
    return true;
}

// After its output ended: how the testee exited, waiting a moment for it (and its stderr) to finish.
std::string ProgramTestee::exit_status() {
    for (int waited = 0; waited < 500 && pid_ > 0; waited += 10) {
        int status = 0;
        if (waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            while (read_stderr()) {
            }
            if (WIFSIGNALED(status)) return fmt::format("killed by signal {}", WTERMSIG(status));
            return fmt::format("exited with status {}", WEXITSTATUS(status));
        }
        usleep(10000);
    }
    return "closed its output";
}

std::size_t ProgramTestee::run_batch(const std::vector<std::string>& requests, std::size_t first,
                                     std::vector<Answer>& answers) {
    auto fault = [&](std::size_t at, std::string_view kind, std::string what) {
        answers[at] = {{}, what + stderr_tail(), std::string(kind)};
        stop();
        return at + 1;
    };
    if (pid_ < 0) {
        if (std::exchange(started_, true)) ++restarts_;
        err_tail_.clear();
        try {
            start();
        } catch (const std::exception& e) {
            return fault(first, "start_failed", e.what());
        }
    }
    std::size_t sent = first, answered = first;
    std::string pending;
    std::size_t pending_at = 0;
    bool writable = true;
    while (answered < requests.size()) {
        while (writable && sent < requests.size() && sent - answered < kWindow && pending.size() - pending_at < (1u << 16)) {
            pending += requests[sent++];
            pending += '\n';
        }
        const bool want_write = writable && pending_at < pending.size();
        pollfd fds[3] = {{from_, POLLIN, 0}, {want_write ? to_ : -1, POLLOUT, 0}, {err_, POLLIN, 0}};
        const int ready = poll(fds, 3, timeout_ms_);
        if (ready < 0 && errno == EINTR) continue;
        if (ready == 0)
            return fault(answered, "timeout", fmt::format("no answer within {} ms (--timeout-ms)", timeout_ms_));
        if (fds[2].revents != 0) read_stderr();
        if (fds[1].revents != 0) {
            const ssize_t n = write(to_, pending.data() + pending_at, pending.size() - pending_at);
            if (n > 0) {
                pending_at += static_cast<std::size_t>(n);
                if (pending_at == pending.size()) pending.clear(), pending_at = 0;
            } else if (n < 0 && errno != EAGAIN) {
                writable = false;  // it stopped reading: its end of output tells why
            }
        }
        if (fds[0].revents != 0) {
            char chunk[1 << 16];
            const ssize_t n = read(from_, chunk, sizeof chunk);
            if (n == 0) return fault(answered, "exited", exit_status() + " before answering");
            if (n < 0) continue;
            out_buffer_.append(chunk, static_cast<std::size_t>(n));
            for (std::size_t end; (end = out_buffer_.find('\n')) != std::string::npos;) {
                if (answered == sent) return fault(answered, "out_of_order", "answered a request it was not sent yet: " + out_buffer_.substr(0, end));
                answers[answered++] = {out_buffer_.substr(0, end), {}};
                out_buffer_.erase(0, end + 1);
            }
        }
    }
    return answered;
}

std::vector<Answer> ProgramTestee::exchange(const std::vector<std::string>& requests) {
    std::vector<Answer> answers(requests.size());
    for (std::size_t next = 0; next < requests.size();) {
        if (consecutive_faults_ >= kGiveUpAfter) {
            answers[next++] = {{}, fmt::format("not sent: the testee faulted on {} requests in a row", kGiveUpAfter), "not_sent"};
            continue;
        }
        const std::size_t before = next;
        next = run_batch(requests, next, answers);
        if (!answers[next - 1].ok()) {
            consecutive_faults_ = next - 1 == before ? consecutive_faults_ + 1 : 1;
        } else {
            consecutive_faults_ = 0;
        }
    }
    return answers;
}

}  // namespace tsc
