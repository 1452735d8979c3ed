// tsconform: runs single cases by hand, with any registered subject.
#include <CLI/CLI.hpp>

#include "conformance/cli/commands.hpp"
#include "subjects/api/registry.hpp"

int main(int argc, char** argv) {
    tsc::register_builtin_subjects();
    CLI::App app{"tsconform: conformance checks for time-series wire codecs"};
    app.require_subcommand(1);
    tsc::cli::add_subjects_command(app);
    tsc::cli::add_qwp_gorilla_commands(app);
    tsc::cli::add_iotdb_tablet_commands(app);
    tsc::cli::add_tsfile_tablet_commands(app);
    tsc::cli::add_bitmap_commands(app);
    CLI11_PARSE(app, argc, argv);
    return 0;
}
