// `tpugraphs bench load PATH`: reads every array of every .npz under PATH; prints decompressed
// MB/s, files/s and peak memory, optionally beside numpy's np.load of the same files.
#include <CLI/CLI.hpp>

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "bench_registry.h"
#include "common/command_registry.h"
#include "common/table_printer.h"
#include "data/data_error.h"
#include "data/graph_io.h"
#include "data/npz_file.h"

namespace {

using namespace tpugraphs;
using tpugraphs::cli::TablePrinter;

struct LoadArgs {
    std::string path;
    int repeats = 5;
    int threads = 0;
    bool graphs = false;
    bool compareNumpy = false;
    std::string python = "/usr/bin/python3";
};

struct Timing {
    double bestSeconds = 0, medianSeconds = 0;
    int64_t bytes = 0;      // decompressed array bytes per pass
    double baselineMB = 0;  // peak RSS before the first pass (program, libraries, interpreter)
    double peakMB = 0;
};

std::vector<std::string> npzFiles(const std::string& path) {
    std::vector<std::string> files;
    if (std::filesystem::is_directory(path)) {
        for (const auto& item : std::filesystem::recursive_directory_iterator(path))
            if (item.is_regular_file() && item.path().extension() == ".npz")
                files.push_back(item.path().string());
        std::sort(files.begin(), files.end());
    } else {
        files.push_back(path);
    }
    if (files.empty()) throw std::runtime_error("no .npz file under " + path);
    return files;
}

double peakRssMB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0;  // kB on Linux
}

// One pass: every array of every file (raw arrays, or typed graphs with validation).
int64_t loadAll(const std::vector<std::string>& files, const LoadArgs& args) {
    int64_t bytes = 0;
    for (const std::string& file : files) {
        NpzFile npz = NpzFile::open(file);
        if (!args.graphs) {
            for (const NpyArray& a : npz.readAll(args.threads)) bytes += int64_t(a.byteSize());
            continue;
        }
        ReadOptions options;
        options.threads = args.threads;
        for (const NpzMember& m : npz.members()) bytes += m.bytes;
        if (detectGraphKind(file) == GraphKind::Tile)
            readTileGraph(npz, options);
        else
            readLayoutGraph(npz, options);
    }
    return bytes;
}

Timing timeOurs(const std::vector<std::string>& files, const LoadArgs& args) {
    Timing t;
    t.baselineMB = peakRssMB();
    std::vector<double> seconds;
    for (int r = 0; r < args.repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        t.bytes = loadAll(files, args);
        seconds.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(seconds.begin(), seconds.end());
    t.bestSeconds = seconds.front();
    t.medianSeconds = seconds[seconds.size() / 2];
    t.peakMB = peakRssMB();
    return t;
}

// Times np.load of the same files in a child python (best and median of the same repeats).
bool timeNumpy(const std::vector<std::string>& files, const LoadArgs& args, Timing* t) {
    const std::string script =
        "import sys, time, resource, numpy as np\n"
        "files = sys.argv[2:]; times = []\n"
        "base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
        "for r in range(int(sys.argv[1])):\n"
        "    t0 = time.perf_counter(); n = 0\n"
        "    for f in files:\n"
        "        with np.load(f) as z:\n"
        "            for k in z.files: n += z[k].nbytes\n"
        "    times.append(time.perf_counter() - t0)\n"
        "times.sort()\n"
        "print(times[0], times[len(times) // 2], n, base, "
        "resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n";
    std::string command = args.python + " -c '" + script + "' " + std::to_string(args.repeats);
    for (const std::string& f : files) {
        std::string quoted = "'";
        for (char c : f) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
        command += " " + quoted + "'";
    }
    command += " 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return false;
    long long bytes = 0;
    double baseKB = 0, maxRssKB = 0;
    const int fields = std::fscanf(pipe, "%lf %lf %lld %lf %lf", &t->bestSeconds, &t->medianSeconds,
                                   &bytes, &baseKB, &maxRssKB);
    const int status = pclose(pipe);
    t->bytes = bytes;
    t->baselineMB = baseKB / 1024.0;
    t->peakMB = maxRssKB / 1024.0;
    return fields == 5 && status == 0;
}

void addRow(TablePrinter& table, const std::string& reader, const Timing& t, size_t files) {
    table.addRow({reader, TablePrinter::number(double(t.bytes) / t.bestSeconds / 1e6, 0),
                  TablePrinter::number(double(t.bytes) / t.medianSeconds / 1e6, 0),
                  TablePrinter::number(double(files) / t.bestSeconds, 1),
                  TablePrinter::number(t.bestSeconds * 1e3, 1), TablePrinter::number(t.peakMB, 0),
                  TablePrinter::number(t.peakMB - t.baselineMB, 0)});
}

void runBenchLoad(const LoadArgs& args) {
    const std::vector<std::string> files = npzFiles(args.path);
    const Timing ours = timeOurs(files, args);
    std::cout << files.size() << " file(s), " << TablePrinter::number(double(ours.bytes) / 1e6, 1)
              << " MB of arrays per pass, best and median of " << args.repeats << " passes"
              << (args.graphs ? " (typed graphs: decode + validate + base-7 pack)" : "") << "\n";
    TablePrinter table({"reader", "MB/s (best)", "MB/s (median)", "files/s", "best ms",
                        "peak RSS MB", "peak - start MB"},
                       {false, true, true, true, true, true, true});
    addRow(table, "tpugraphs", ours, files.size());
    Timing numpy;
    const bool haveNumpy = args.compareNumpy && timeNumpy(files, args, &numpy);
    if (haveNumpy) addRow(table, "numpy np.load", numpy, files.size());
    table.print(std::cout);
    if (args.compareNumpy && !haveNumpy)
        std::cout << "numpy comparison unavailable (" << args.python << " with numpy not found)\n";
    if (haveNumpy)
        std::cout << "speed-up over numpy: "
                  << TablePrinter::number(numpy.bestSeconds / ours.bestSeconds, 2) << "x (best), "
                  << TablePrinter::number(numpy.medianSeconds / ours.medianSeconds, 2)
                  << "x (median)\n";
}

void setupBenchLoad(CLI::App& app) {
    auto args = std::make_shared<LoadArgs>();
    auto* cmd = cli::benchCommand(app)->add_subcommand(
        "load", "Read every array of every .npz under PATH: MB/s, files/s, peak memory");
    cmd->add_option("PATH", args->path, "A .npz file or a folder searched recursively")->required();
    cmd->add_option("--repeat", args->repeats, "Passes over the files (best and median reported)")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    cmd->add_option("--threads", args->threads,
                    "Threads inflating the members of a file (0: all cores)")
        ->capture_default_str();
    cmd->add_flag("--graphs", args->graphs, "Load typed, validated graphs instead of raw arrays");
    cmd->add_flag("--compare-numpy", args->compareNumpy,
                  "Also time numpy's np.load of the same files");
    cmd->add_option("--python", args->python, "Python interpreter with numpy")
        ->capture_default_str();
    cmd->callback([args] { runBenchLoad(*args); });
}

}  // namespace

TPUGRAPHS_REGISTER_COMMAND(setupBenchLoad);
