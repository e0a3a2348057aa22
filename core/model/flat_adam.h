// Adam / AdamW over one flat parameter buffer: every parameter of the model becomes a view of a
// single contiguous tensor and every gradient a view of a single gradient tensor, so zeroing,
// clipping and an optimiser step are about ten whole-buffer ops instead of ten ops per
// parameter tensor (LibTorch's Adam spent ~23 % of a small-graph training step in per-tensor
// dispatch). The update follows torch::optim::Adam / AdamW exactly.
#pragma once

#include <torch/types.h>

#include <string>
#include <vector>

namespace torch::serialize {
class InputArchive;
class OutputArchive;
}  // namespace torch::serialize

namespace tpugraphs {

struct FlatAdamOptions {
    double learningRate = 1e-3;
    double weightDecay = 0.0;
    bool decoupledWeightDecay = true;  // AdamW; false = Adam's L2 term added to the gradient
    double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
};

class FlatAdam {
public:
    // All parameters must be floating point of one dtype on one device. `decay` (empty = all)
    // says per parameter whether weight decay applies to it.
    FlatAdam(std::vector<torch::Tensor> parameters, const FlatAdamOptions& options,
             const std::vector<bool>& decay = {});

    // Points the parameters back into the flat buffer, copying their current values; needed
    // after something replaced their storage (loading weights from a checkpoint does).
    void rebind();

    void setLearningRate(double learningRate) { m_options.learningRate = learningRate; }
    void zeroGrad();
    // Scales the gradient so its global L2 norm is at most maxNorm; returns the norm before.
    double clipGradNorm(double maxNorm);
    void step();

    int64_t steps() const { return m_step; }
    void save(torch::serialize::OutputArchive& archive) const;
    // Throws std::runtime_error when the stored state does not fit these parameters.
    void load(torch::serialize::InputArchive& archive);

private:
    std::vector<torch::Tensor> m_parameters;
    FlatAdamOptions m_options;
    torch::Tensor m_values, m_grads, m_firstMoment, m_secondMoment;
    torch::Tensor m_denominator;  // scratch, so a step allocates nothing
    torch::Tensor m_decayMask;    // 1 where weight decay applies, 0 elsewhere; undefined = all
    int64_t m_step = 0;
};

}  // namespace tpugraphs
