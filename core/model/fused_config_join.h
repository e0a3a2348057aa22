// The layout model's input on the CPU as one autograd function: every node state joined with
// the projected one-hot config rows of its configurable node, through GELU, without building
// the one-hot rows, the [M, K, H] projections or a saved pre-activation.
#pragma once

#include <torch/types.h>

namespace tpugraphs {

// gelu(nodes(n) + [n configurable] (bias + sum_f weight(:, hot(j, k, f)))) -> [N, K, H] for
// nodes [N, H] float on the CPU, weight [H, 18 * 7], bias [H], hotColumns [M, K, 18] and
// configNodes [M] (node row of configurable node j): the function of LayoutSageImpl's input
// layer with configProject = (weight, bias).
torch::Tensor fusedConfigJoin(const torch::Tensor& nodes, const torch::Tensor& weight,
                              const torch::Tensor& bias, const torch::Tensor& hotColumns,
                              const torch::Tensor& configNodes);

}  // namespace tpugraphs
