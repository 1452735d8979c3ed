// A testee: an implementation the runner checks, asked protocol requests (subjects/external/
// PROTOCOL.md) a batch at a time. A program testee is pipelined: many requests are in flight and
// the answers are read in order, so the runner, not the pipe, sets the pace. Faults are answers too:
// a testee that exits, hangs past the timeout on one request or cannot be started gives that request
// a fault (with the tail of its stderr) and is started again for the next one.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace tsc {

struct Answer {
    std::string line;   // the answer line, when there is one
    std::string fault;  // otherwise what went wrong
    // and its kind, for a failure's signature: start_failed, timeout, exited, out_of_order, not_sent
    std::string fault_class = {};
    bool ok() const { return fault.empty(); }
};

class Testee {
public:
    virtual ~Testee() = default;
    // One answer per request line, in order.
    virtual std::vector<Answer> exchange(const std::vector<std::string>& requests) = 0;
    // How many times the testee was started again after a fault.
    virtual std::size_t restarts() const { return 0; }
    virtual std::string describe() const = 0;  // e.g. the command, for reports
};

// A program started with /bin/sh -c COMMAND.
class ProgramTestee final : public Testee {
public:
    ProgramTestee(std::string command, int timeout_ms);
    ~ProgramTestee() override;
    ProgramTestee(const ProgramTestee&) = delete;
    ProgramTestee& operator=(const ProgramTestee&) = delete;

    std::vector<Answer> exchange(const std::vector<std::string>& requests) override;
    std::size_t restarts() const override { return restarts_; }
    std::string describe() const override { return command_; }

private:
    void start();
    void stop();
    bool read_stderr();
    std::string stderr_tail() const;
    std::string exit_status();
    // Sends requests[next..] and reads their answers until all are in or one faults; returns the
    // index one past the last request answered, with the fault (if any) in answers.
    std::size_t run_batch(const std::vector<std::string>& requests, std::size_t first, std::vector<Answer>& answers);

    std::string command_;
    int timeout_ms_;
    pid_t pid_ = -1;
    // The testee's own process group (its shell and every process it starts): stopping the testee
    // ends all of them, so that a wrapper's children do not outlive the run.
    pid_t group_ = -1;
    int to_ = -1, from_ = -1, err_ = -1;
    std::string out_buffer_;
    std::deque<char> err_tail_;
    bool started_ = false;
    std::size_t restarts_ = 0;
    std::size_t consecutive_faults_ = 0;
};

// An in-process subject answering through the same protocol code `tsconform serve` uses.
class BuiltinTestee final : public Testee {
public:
    using Reply = std::function<std::string(const std::string&)>;
    BuiltinTestee(std::string name, Reply reply) : name_(std::move(name)), reply_(std::move(reply)) {}

    std::vector<Answer> exchange(const std::vector<std::string>& requests) override {
        std::vector<Answer> answers;
        answers.reserve(requests.size());
        for (const std::string& r : requests) answers.push_back({reply_(r), {}});
        return answers;
    }
    std::string describe() const override { return "builtin:" + name_; }

private:
    std::string name_;
    Reply reply_;
};

}  // namespace tsc
