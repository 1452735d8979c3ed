#include <cstdio>

#include "conformance/cli/commands.hpp"
#include "subjects/api/qwp_gorilla.hpp"
#include "subjects/api/registry.hpp"

namespace tsc::cli {

void add_subjects_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("subjects", "List the registered subjects of each family");
    cmd->callback([] {
        for (const qwp::Subject* s : registry<qwp::Subject>().all())
            std::printf("qwp_gorilla %.*s\n", static_cast<int>(s->name().size()), s->name().data());
    });
}

}  // namespace tsc::cli
