// One function per family adds that family's subcommands to the tsconform CLI.
#pragma once

#include <CLI/CLI.hpp>

namespace tsc::cli {

void add_qwp_gorilla_commands(CLI::App& app);
void add_iotdb_tablet_commands(CLI::App& app);
void add_tsfile_tablet_commands(CLI::App& app);
void add_bitmap_commands(CLI::App& app);
void add_subjects_command(CLI::App& app);

}  // namespace tsc::cli
