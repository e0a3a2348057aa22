// HLO opcode names (ids 1..120 of the TpuGraphs node_opcode array) and a coarse family per opcode.
#pragma once

#include <string>

#include "data/tpugraphs_format.h"

namespace tpugraphs {

// Coarse opcode families, for colouring graph drawings and summaries. Values are stable.
enum class OpcodeFamily {
    Input = 0,       // parameter, constant, iota, rng, replica/partition id
    Elementwise,     // add, multiply, compare, convert, select, ...
    DataMovement,    // reshape, transpose, broadcast, copy, slice, concatenate, gather, ...
    DotConvolution,  // dot, convolution, fft, cholesky, triangular-solve
    Reduce,          // reduce, reduce-window, select-and-scatter, batch-norm, sort
    Collective,      // all-reduce, all-gather, all-to-all, send/recv, infeed/outfeed
    Control,         // tuple, get-tuple-element, call, while, conditional, async, ...
    Other,           // fusion, custom-call, map and unknown ids
};
constexpr int kOpcodeFamilyCount = 8;

// Name of an opcode id as in ../shared/reference/opcodes.tsv ("add", "fusion", ...);
// ids outside 1..kOpcodeMaxId give "unknown". Never null.
const char* opcodeName(int id);

// Id of an opcode name (exact, case-sensitive), or -1 when there is none.
int opcodeIdFromName(const std::string& name);

OpcodeFamily opcodeFamily(int id);

// Short user-facing name of a family ("elementwise", "data movement", ...). Never null.
const char* opcodeFamilyName(OpcodeFamily family);

}  // namespace tpugraphs
