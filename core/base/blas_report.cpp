// The BLAS facts of this process, through dlsym: OpenBLAS names itself and its kernels.
#include "base/blas_report.h"

#include <dlfcn.h>

#include <filesystem>
#include <sstream>
#include <thread>

#include "base/blas_kernel_startup.h"

namespace tpugraphs {

namespace {

std::string openBlasText(const char* symbol) {
    using GetText = char* (*)();
    auto get = reinterpret_cast<GetText>(dlsym(RTLD_DEFAULT, symbol));
    const char* text = get ? get() : nullptr;
    return text ? std::string(text) : std::string();
}

// The file of the library providing dgemm_, the BLAS entry LibTorch calls for matrix products,
// with links resolved (Debian chooses it through the libblas.so.3 alternative).
std::string dgemmLibraryPath() {
    void* dgemm = dlsym(RTLD_DEFAULT, "dgemm_");
    Dl_info info{};
    if (!dgemm || !dladdr(dgemm, &info) || !info.dli_fname) return {};
    std::error_code error;
    const std::filesystem::path file = std::filesystem::canonical(info.dli_fname, error);
    return error ? std::string(info.dli_fname) : file.string();
}

// "OpenBLAS 0.3.21" from "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Zen ...".
std::string firstTwoWords(const std::string& text) {
    std::istringstream words(text);
    std::string name, version;
    words >> name >> version;
    return version.empty() ? name : name + " " + version;
}

}  // namespace

BlasReport blasReport() {
    BlasReport report;
    report.libraryPath = dgemmLibraryPath();
    const std::string config = openBlasText("openblas_get_config");
    // LibTorch links OpenBLAS directly besides libblas.so.3, so OpenBLAS may be loaded while
    // another BLAS (Debian's alternative, LD_LIBRARY_PATH) serves the matrix products: the
    // library dgemm_ resolved to decides.
    const bool productsByOpenBlas =
        report.libraryPath.empty() || report.libraryPath.find("openblas") != std::string::npos;
    if (config.rfind("OpenBLAS", 0) == 0 && productsByOpenBlas) {
        report.config = config;
        const bool dynamic = config.find("DYNAMIC_ARCH") != std::string::npos;
        report.kind = dynamic ? BlasKind::OpenBlasDynamic : BlasKind::OpenBlasOneCpu;
        report.library = firstTwoWords(config);
        report.kernel = openBlasText("openblas_get_corename");
        report.chosenByLibrary = blasKernelChosenByLibrary(report.kernel);
    } else {
        // Debian's BLIS libblas.so.3 does not name itself or its kernels: its file does.
        report.library = report.libraryPath.empty() ? "unknown" : report.libraryPath;
    }
    if (report.kernel.empty()) report.kernel = "unknown";
    report.cpuModel = cpuModel();
    report.cpu = cpuFeatures();
    report.cores = static_cast<int>(std::thread::hardware_concurrency());
    return report;
}

std::string blasText(const BlasReport& report) {
    std::string text = report.library;
    if (report.kind == BlasKind::OpenBlasDynamic) text += " (DYNAMIC_ARCH)";
    text += ", kernel " + report.kernel;
    if (!report.chosenByLibrary.empty())
        text += " (selected; OpenBLAS chose " + report.chosenByLibrary + ")";
    return text;
}

std::string cpuText(const BlasReport& report) {
    return report.cpuModel + ", " + std::to_string(report.cores) + " cores, " +
           cpuFeaturesText(report.cpu);
}

std::string blasReportText(const BlasReport& report) {
    return "BLAS: " + blasText(report) + "\nCPU: " + cpuText(report);
}

}  // namespace tpugraphs
