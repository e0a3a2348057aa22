// The shared `bench` parent subcommand: each cmd_bench_*.cpp adds its own child (load, train, ...).
#pragma once

namespace CLI {
class App;
}

namespace tpugraphs::cli {

// Returns the `bench` subcommand of `app`, creating it on first use. Call it from a command
// setup function, e.g. `benchCommand(app)->add_subcommand("train", "...")`.
CLI::App* benchCommand(CLI::App& app);

}  // namespace tpugraphs::cli
