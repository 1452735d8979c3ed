#include <cstdio>

#include "conformance/cli/commands.hpp"
#include "subjects/api/bitmap.hpp"
#include "subjects/api/iotdb_tablet.hpp"
#include "subjects/api/qwp_gorilla.hpp"
#include "subjects/api/registry.hpp"
#include "subjects/api/tsfile_tablet.hpp"

namespace tsc::cli {

void add_subjects_command(CLI::App& app) {
    CLI::App* cmd = app.add_subcommand("subjects", "List the registered subjects of each family");
    cmd->callback([] {
        for (const qwp::Subject* s : registry<qwp::Subject>().all())
            std::printf("qwp_gorilla %.*s\n", static_cast<int>(s->name().size()), s->name().data());
        for (const iotdb::Subject* s : registry<iotdb::Subject>().all())
            std::printf("iotdb_tablet %.*s\n", static_cast<int>(s->name().size()), s->name().data());
        for (const tsfile::Subject* s : registry<tsfile::Subject>().all())
            std::printf("tsfile_tablet %.*s\n", static_cast<int>(s->name().size()), s->name().data());
        for (const bitmap::Subject* s : registry<bitmap::Subject>().all())
            std::printf("bitmap %.*s\n", static_cast<int>(s->name().size()), s->name().data());
    });
}

}  // namespace tsc::cli
