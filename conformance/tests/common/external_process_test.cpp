// The harness side of the external subject protocol: a subject that misbehaves is reported with its
// command and the request, never taken for an answer.
#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

#include "conformance/harness/external_process.hpp"

namespace tsc {
namespace {

const nlohmann::json kRequest = {{"op", "hello"}};

std::string failure_of(const std::string& command) {
    ExternalProcess p(command);
    try {
        p.call(kRequest);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "";
}

TEST(ExternalProcess, AnswersOneJsonLinePerRequest) {
    ExternalProcess p("while read -r line; do echo \"{\\\"echo\\\": $line}\"; done");
    for (int i = 0; i < 3; ++i) EXPECT_EQ(p.call(kRequest), nlohmann::json({{"echo", kRequest}}));
}

TEST(ExternalProcess, ReportsASubjectThatExits) {
    const std::string what = failure_of("exit 3");
    EXPECT_NE(what.find("exit 3"), std::string::npos) << what;
    EXPECT_NE(what.find("\"op\":\"hello\""), std::string::npos) << what;
}

TEST(ExternalProcess, ReportsAnAnswerThatIsNotJson) {
    EXPECT_NE(failure_of("read -r line; echo 'not json'").find("not a JSON object: not json"), std::string::npos);
}

TEST(ExternalProcess, ReportsAProtocolError) {
    const std::string what = failure_of("read -r line; echo '{\"protocol_error\": \"unknown op\"}'");
    EXPECT_NE(what.find("could not read the request: \"unknown op\""), std::string::npos) << what;
}

}  // namespace
}  // namespace tsc
