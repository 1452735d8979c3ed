// The references, registered as the subject "reference" of each family so that the CLI and
// external tools can run them by name. Checks compare against the reference functions directly.
#include <memory>

#include "reference/qwp_gorilla/reference.hpp"
#include "subjects/api/qwp_gorilla.hpp"
#include "subjects/api/registry.hpp"

namespace tsc {
namespace {

class QwpReference final : public qwp::Subject {
public:
    std::string_view name() const override { return "reference"; }
    Bytes encode(const qwp::Column& c, bool gorilla_flag) override { return qwp::reference::encode(c, gorilla_flag); }
    qwp::DecodeOutcome decode(ByteView body, const qwp::Framing& f, const qwp::Profile& p) override {
        return qwp::reference::decode(body, f, p);
    }
};

}  // namespace

void register_reference_subjects() { registry<qwp::Subject>().add(std::make_unique<QwpReference>()); }

}  // namespace tsc
