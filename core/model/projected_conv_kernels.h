// Plain loops of the SAGE convolution written as "project, then sum the neighbours'
// projections", for a block input whose rows vary along the config axis at a few nodes only:
// the other nodes' projections are one row per node instead of K (no torch).
#pragma once

#include <cstdint>

#include "model/sage_block_kernels.h"

namespace tpugraphs::kernels {

// The projections a(m, k) [W_self | W_producers (| W_consumers)]^T of every node m, each part
// H wide: one row per node where the input does not vary along k, K rows at a configurable node.
struct Projections {
    const float* perNode = nullptr;      // [N, width]: row m, read where configRow[m] < 0
    const float* perConfig = nullptr;    // [M, K, width]: rows of configurable node j
    const int64_t* configRow = nullptr;  // [N]: j for configurable nodes, -1 for the others
    int64_t width = 0;                   // 2H or 3H
};

// conv(n, k) = bias + self(n, k) + mean over producers p of producerPart(p, k) (+ mean over
// consumers c of consumerPart(c, k) when consumers is non-null) for nodes [n0, n1), into out
// (the chunk's rows from node n0). Per-node terms are summed once per node, not per config.
void sumProjections(const Projections& p, Rows shape, const float* bias, const NodeLists& producers,
                    const NodeLists* consumers, int64_t n0, int64_t n1, float* out);

// The weight gradient's factors of nodes [n0, n1) as rows: left [L, H] (inputs) and right
// [L, width] (their projections' gradients), so that dW^T += left^T right. A node whose input
// does not vary along k gives one row (a(m, 0), sum over k of dP(m, k)), a configurable node
// its K rows. Returns L.
int64_t weightGradientRows(const float* a, const float* dP, const int64_t* configRow, Rows shape,
                           int64_t width, int64_t n0, int64_t n1, float* left, float* right);

// The input gradient of nodes [n0, n1) from the rows weightGradientRows laid out (projected
// back: reduced [L, H]) into dA (the chunk's rows from node n0): a configurable node's K rows
// as they are; a node whose input does not vary along k gets its one row, the sum over k, at
// config 0 and zeros at the others, which is all a caller that broadcast that input needs.
void scatterInputGradients(const float* reduced, const int64_t* configRow, Rows shape, int64_t n0,
                           int64_t n1, float* dA);

}  // namespace tpugraphs::kernels
