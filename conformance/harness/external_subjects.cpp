// Registers the external subjects named by TSCONFORM_EXTERNAL: one `family:name=command` per line,
// each registered as `external:<name>` in its family (subjects/external/PROTOCOL.md). The protocol
// covers qwp_gorilla so far.
#include <cstdlib>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>

#include "conformance/harness/external_process.hpp"
#include "conformance/harness/qwp_gorilla_protocol.hpp"
#include "subjects/api/registry.hpp"

namespace tsc {
namespace {

class QwpExternal final : public qwp::Subject {
public:
    QwpExternal(std::string name, std::string command) : name_("external:" + std::move(name)), process_(std::move(command)) {}
    std::string_view name() const override { return name_; }
    Bytes encode(const qwp::Column& column, bool gorilla_flag) override {
        return qwp::protocol::encoded_bytes(process_.call(qwp::protocol::encode_request(column, gorilla_flag)));
    }
    qwp::DecodeOutcome decode(ByteView body, const qwp::Framing& framing, const qwp::Profile& profile) override {
        return qwp::protocol::decode_outcome(process_.call(qwp::protocol::decode_request(body, framing, profile)));
    }

private:
    std::string name_;
    ExternalProcess process_;
};

void register_entry(const std::string& entry) {
    const std::size_t colon = entry.find(':');
    const std::size_t equals = entry.find('=');
    if (colon == std::string::npos || equals == std::string::npos || equals < colon)
        throw std::invalid_argument("TSCONFORM_EXTERNAL: expected family:name=command, got `" + entry + "`");
    const std::string family = entry.substr(0, colon);
    const std::string name = entry.substr(colon + 1, equals - colon - 1);
    const std::string command = entry.substr(equals + 1);
    if (family != "qwp_gorilla")
        throw std::invalid_argument("TSCONFORM_EXTERNAL: the protocol does not cover family `" + family + "` yet");
    registry<qwp::Subject>().add(std::make_unique<QwpExternal>(name, command));
}

}  // namespace

void register_external_subjects() {
    const char* env = std::getenv("TSCONFORM_EXTERNAL");
    if (env == nullptr) return;
    std::istringstream lines(env);
    for (std::string entry; std::getline(lines, entry);)
        if (!entry.empty()) register_entry(entry);
}

}  // namespace tsc
