// HLO opcode name table (ids 1..120, from ../shared/reference/opcodes.tsv) and family mapping.
#include "data/opcodes.h"

#include <unordered_map>

#include "base/enum_names.h"

namespace tpugraphs {
namespace {

struct OpcodeInfo {
    const char* name;
    OpcodeFamily family;
};

constexpr OpcodeFamily kIn = OpcodeFamily::Input;
constexpr OpcodeFamily kEw = OpcodeFamily::Elementwise;
constexpr OpcodeFamily kMove = OpcodeFamily::DataMovement;
constexpr OpcodeFamily kDot = OpcodeFamily::DotConvolution;
constexpr OpcodeFamily kRed = OpcodeFamily::Reduce;
constexpr OpcodeFamily kColl = OpcodeFamily::Collective;
constexpr OpcodeFamily kCtl = OpcodeFamily::Control;
constexpr OpcodeFamily kOther = OpcodeFamily::Other;

// Index i holds opcode id i + 1.
constexpr OpcodeInfo kOpcodes[kOpcodeMaxId] = {
    {"abs", kEw},
    {"add", kEw},
    {"add-dependency", kCtl},
    {"after-all", kCtl},
    {"all-reduce", kColl},
    {"all-to-all", kColl},
    {"atan2", kEw},
    {"batch-norm-grad", kRed},
    {"batch-norm-inference", kRed},
    {"batch-norm-training", kRed},
    {"bitcast", kMove},
    {"bitcast-convert", kEw},
    {"broadcast", kMove},
    {"call", kCtl},
    {"ceil", kEw},
    {"cholesky", kDot},
    {"clamp", kEw},
    {"collective-permute", kColl},
    {"count-leading-zeros", kEw},
    {"compare", kEw},
    {"complex", kEw},
    {"concatenate", kMove},
    {"conditional", kCtl},
    {"constant", kIn},
    {"convert", kEw},
    {"convolution", kDot},
    {"copy", kMove},
    {"copy-done", kMove},
    {"copy-start", kMove},
    {"cosine", kEw},
    {"custom-call", kOther},
    {"divide", kEw},
    {"domain", kCtl},
    {"dot", kDot},
    {"dynamic-slice", kMove},
    {"dynamic-update-slice", kMove},
    {"exponential", kEw},
    {"exponential-minus-one", kEw},
    {"fft", kDot},
    {"floor", kEw},
    {"fusion", kOther},
    {"gather", kMove},
    {"get-dimension-size", kMove},
    {"set-dimension-size", kMove},
    {"get-tuple-element", kCtl},
    {"imag", kEw},
    {"infeed", kColl},
    {"iota", kIn},
    {"is-finite", kEw},
    {"log", kEw},
    {"log-plus-one", kEw},
    {"and", kEw},
    {"not", kEw},
    {"or", kEw},
    {"xor", kEw},
    {"map", kOther},
    {"maximum", kEw},
    {"minimum", kEw},
    {"multiply", kEw},
    {"negate", kEw},
    {"outfeed", kColl},
    {"pad", kMove},
    {"parameter", kIn},
    {"partition-id", kIn},
    {"popcnt", kEw},
    {"power", kEw},
    {"real", kEw},
    {"recv", kColl},
    {"recv-done", kColl},
    {"reduce", kRed},
    {"reduce-precision", kEw},
    {"reduce-window", kRed},
    {"remainder", kEw},
    {"replica-id", kIn},
    {"reshape", kMove},
    {"reverse", kMove},
    {"rng", kIn},
    {"rng-get-and-update-state", kIn},
    {"rng-bit-generator", kIn},
    {"round-nearest-afz", kEw},
    {"rsqrt", kEw},
    {"scatter", kMove},
    {"select", kEw},
    {"select-and-scatter", kRed},
    {"send", kColl},
    {"send-done", kColl},
    {"shift-left", kEw},
    {"shift-right-arithmetic", kEw},
    {"shift-right-logical", kEw},
    {"sign", kEw},
    {"sine", kEw},
    {"slice", kMove},
    {"sort", kRed},
    {"sqrt", kEw},
    {"subtract", kEw},
    {"tanh", kEw},
    {"trace", kOther},
    {"transpose", kMove},
    {"triangular-solve", kDot},
    {"tuple", kCtl},
    {"tuple-select", kCtl},
    {"while", kCtl},
    {"cbrt", kEw},
    {"all-gather", kColl},
    {"collective-permute-start", kColl},
    {"collective-permute-done", kColl},
    {"logistic", kEw},
    {"dynamic-reshape", kMove},
    {"all-reduce-start", kColl},
    {"all-reduce-done", kColl},
    {"reduce-scatter", kColl},
    {"all-gather-start", kColl},
    {"all-gather-done", kColl},
    {"opt-barrier", kCtl},
    {"async-start", kCtl},
    {"async-update", kCtl},
    {"async-done", kCtl},
    {"round-nearest-even", kEw},
    {"stochastic-convert", kEw},
    {"tan", kEw},
};

}  // namespace

const char* opcodeName(int id) {
    if (id < 1 || id > kOpcodeMaxId) return "unknown";
    return kOpcodes[id - 1].name;
}

int opcodeIdFromName(const std::string& name) {
    static const std::unordered_map<std::string, int> byName = [] {
        std::unordered_map<std::string, int> map;
        for (int id = 1; id <= kOpcodeMaxId; ++id) map.emplace(kOpcodes[id - 1].name, id);
        return map;
    }();
    const auto it = byName.find(name);
    return it == byName.end() ? -1 : it->second;
}

OpcodeFamily opcodeFamily(int id) {
    if (id < 1 || id > kOpcodeMaxId) return OpcodeFamily::Other;
    return kOpcodes[id - 1].family;
}

const char* opcodeFamilyName(OpcodeFamily family) {
    static const EnumName<OpcodeFamily> names[] = {
        {OpcodeFamily::Input, "parameter/constant"},
        {OpcodeFamily::Elementwise, "elementwise"},
        {OpcodeFamily::DataMovement, "data movement"},
        {OpcodeFamily::DotConvolution, "dot/convolution"},
        {OpcodeFamily::Reduce, "reduce"},
        {OpcodeFamily::Collective, "collective/io"},
        {OpcodeFamily::Control, "control/tuple"},
        {OpcodeFamily::Other, "fusion/custom/other"}};
    return enumName(names, family, "other");
}

}  // namespace tpugraphs
