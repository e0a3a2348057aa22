// Tile runtime formula: tile count, padding waste, vector alignment, operand re-reads, VMEM spills.
#include "synth/tile_runtime_formula.h"

#include <algorithm>
#include <cmath>

#include "synth/generator_random.h"

namespace tpugraphs {

namespace {

// Hardware constants of the model (a TPU-like core).
constexpr double kFlopsPerNs = 100000.0;   // 100 TFLOP/s
constexpr double kBytesPerNs = 800.0;      // 800 GB/s HBM
constexpr double kStepOverheadNs = 300.0;  // pipeline step (one tile) overhead
constexpr double kLaunchNs = 2000.0;       // kernel launch
constexpr double kVmemBytes = 16.0 * 1024 * 1024;
constexpr int64_t kLanes = 128, kSublanes = 8;
constexpr double kMaxTiles = 1024.0;
constexpr int64_t kMaxTilesPerDim = 8;

int64_t ceilDiv(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}
int64_t roundUp(int64_t a, int64_t b) {
    return ceilDiv(a, b) * b;
}

void encodeGroup(const std::vector<int64_t>& bounds, float* out) {
    double sum = 0.0, product = bounds.empty() ? 0.0 : 1.0;
    for (size_t i = 0; i < bounds.size() && i < 6; ++i) {
        out[i] = static_cast<float>(bounds[i]);
        sum += static_cast<double>(bounds[i]);
        product *= static_cast<double>(bounds[i]);
    }
    out[6] = static_cast<float>(sum);
    out[7] = static_cast<float>(product);
}

// Candidate tile extents of a dimension of size n: powers of two below n and 1.5 times them (at
// most kMaxTilesPerDim tiles), a few divisors, n.
std::vector<int64_t> candidates(int64_t n) {
    std::vector<int64_t> c;
    for (int64_t p = 1; p < n; p *= 2) {
        if (p * kMaxTilesPerDim >= n) c.push_back(p);
        if (p >= 2 && p * 3 / 2 < n && p * 3 / 2 * kMaxTilesPerDim >= n) c.push_back(p * 3 / 2);
    }
    for (int64_t q : {3, 5, 6, 10, 12, 20, 24})
        if (n % q == 0 && n / q > 1) c.push_back(n / q);
    c.push_back(n);
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
    return c;
}

int64_t alignedDefault(int64_t n, int64_t unit, int64_t multiple) {
    return std::min(n, unit * multiple);
}

}  // namespace

void encodeTileConfig(const TileConfig& config, float* out) {
    std::fill(out, out + kTileConfigFeatureCount, 0.0f);
    encodeGroup(config.kernel, out);
    encodeGroup(config.output, out + 8);
    encodeGroup(config.input, out + 16);
}

TileConfig defaultTileConfig(const TileProblem& p) {
    TileConfig c;
    c.output.assign(p.outputDims.size(), 1);
    const size_t rank = p.outputDims.size();
    if (rank >= 1) {
        const size_t minor = static_cast<size_t>(p.outputMinorToMajor[0]);
        c.output[minor] = alignedDefault(p.outputDims[minor], kLanes, 4);
    }
    if (rank >= 2) {
        const size_t second = static_cast<size_t>(p.outputMinorToMajor[1]);
        c.output[second] = alignedDefault(p.outputDims[second], kSublanes, 16);
    }
    if (!p.kernelDims.empty()) {
        c.kernel = p.kernelDims;
        c.kernel[static_cast<size_t>(p.kernelContractedDim)] =
            alignedDefault(p.kernelDims[p.kernelContractedDim], kLanes, 2);
        c.kernel.back() = std::min(p.kernelDims.back(), c.output.back());
    }
    if (!p.inputDims.empty()) {
        c.input = p.inputDims;
        for (size_t d = 0; d < p.inputDims.size(); ++d)
            if (p.inputReduced[d]) c.input[d] = alignedDefault(p.inputDims[d], kLanes, 4);
    }
    return c;
}

TileConfig sampleTileConfig(const TileProblem& p, GeneratorRandom& random) {
    TileConfig c;
    // Like an autotuner's search space: tilings with more than kMaxTiles tiles are not tried.
    for (int attempt = 0; attempt < 16; ++attempt) {
        c.output.clear();
        double tiles = 1.0;
        for (int64_t n : p.outputDims) {
            c.output.push_back(random.pick(candidates(n)));
            tiles *= static_cast<double>(ceilDiv(n, c.output.back()));
        }
        if (tiles <= kMaxTiles) break;
    }
    if (!p.kernelDims.empty()) {
        c.kernel = p.kernelDims;  // spatial window dims are never split
        const size_t k = static_cast<size_t>(p.kernelContractedDim);
        c.kernel[k] = random.pick(candidates(p.kernelDims[k]));
        c.kernel.back() = random.pick(candidates(p.kernelDims.back()));
    }
    if (!p.inputDims.empty()) {
        for (size_t d = 0; d < p.inputDims.size(); ++d)
            c.input.push_back(p.inputReduced[d] ? random.pick(candidates(p.inputDims[d]))
                                                : p.inputDims[d]);
    }
    return c;
}

double tileCost(const TileProblem& p, const TileConfig& c) {
    const size_t rank = p.outputDims.size();
    // Output tiling: tiles, and the elements a tile occupies once padded to the 8 x 128 registers.
    double tiles = 1.0, outputElements = 1.0, hwTile = 1.0;
    for (size_t d = 0; d < rank; ++d) {
        const int64_t n = p.outputDims[d];
        const int64_t t = std::max<int64_t>(1, std::min(c.output[d], n));
        int64_t hw = t;
        if (static_cast<int64_t>(d) == p.outputMinorToMajor[0])
            hw = roundUp(t, kLanes);
        else if (rank >= 2 && static_cast<int64_t>(d) == p.outputMinorToMajor[1])
            hw = roundUp(t, kSublanes);
        tiles *= static_cast<double>(ceilDiv(n, t));
        hwTile *= static_cast<double>(hw);
        outputElements *= static_cast<double>(n);
    }
    const double eb = p.elementBytes;
    const double waste = tiles * hwTile / std::max(1.0, outputElements);
    double steps = tiles;
    double computeWaste = waste;
    double traffic = tiles * hwTile * eb + (p.inputBytes - p.kernelBytes) * waste;
    double workingSet = hwTile * eb * 3.0;  // output tile + streamed input tiles

    if (!p.kernelDims.empty()) {
        // Contraction: K split into passes (accumulator re-read per pass), MXU needs K % 128;
        // the kernel is re-read once per output tile that does not share its columns.
        const size_t k = static_cast<size_t>(p.kernelContractedDim);
        const int64_t kn = p.kernelDims[k], kt = std::max<int64_t>(1, std::min(c.kernel[k], kn));
        const int64_t nn = p.kernelDims.back(),
                      nt = std::max<int64_t>(1, std::min(c.kernel.back(), nn));
        const double passes = static_cast<double>(ceilDiv(kn, kt));
        const double subTiles =
            static_cast<double>(ceilDiv(std::min(c.output.back(), p.outputDims.back()), nt));
        computeWaste *= static_cast<double>(roundUp(kt, kLanes)) / static_cast<double>(kt);
        steps *= passes * subTiles;
        traffic +=
            p.kernelBytes * std::max(1.0, tiles / static_cast<double>(ceilDiv(p.outputDims.back(),
                                                                              c.output.back())));
        traffic += tiles * hwTile * eb * 2.0 * (passes - 1.0);
        double kernelTile = eb;
        for (size_t d = 0; d < c.kernel.size(); ++d)
            kernelTile *= static_cast<double>(std::min(c.kernel[d], p.kernelDims[d]));
        workingSet += 2.0 * kernelTile;
    }
    if (!p.inputDims.empty()) {
        // Reduction: the reduced dims are walked in passes of the input tile; a lane-misaligned
        // reduced minor dim wastes vector lanes.
        double passes = 1.0, inputTile = eb;
        for (size_t d = 0; d < p.inputDims.size(); ++d) {
            const int64_t n = p.inputDims[d], t = std::max<int64_t>(1, std::min(c.input[d], n));
            if (p.inputReduced[d]) {
                passes *= static_cast<double>(ceilDiv(n, t));
                computeWaste *= static_cast<double>(roundUp(t, kSublanes)) / static_cast<double>(t);
                inputTile *= static_cast<double>(t);
            }
        }
        steps *= passes;
        traffic += tiles * hwTile * eb * (passes - 1.0);
        workingSet += 2.0 * inputTile * hwTile;
    }
    const double spill =
        workingSet > kVmemBytes ? 1.0 + 1.5 * std::log2(workingSet / kVmemBytes) + 0.5 : 1.0;
    const double compute = p.flops * computeWaste / kFlopsPerNs;
    const double memory = traffic * spill / kBytesPerNs;
    return std::max(compute, memory) + steps * kStepOverheadNs + kLaunchNs;
}

}  // namespace tpugraphs
