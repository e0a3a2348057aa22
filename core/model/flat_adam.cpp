// Adam / AdamW over one flat parameter buffer.
#include "model/flat_adam.h"

#include <torch/csrc/autograd/generated/variable_factories.h>
#include <torch/serialize/input-archive.h>
#include <torch/serialize/output-archive.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tpugraphs {

FlatAdam::FlatAdam(std::vector<torch::Tensor> parameters, const FlatAdamOptions& options,
                   const std::vector<bool>& decay)
    : m_parameters(std::move(parameters)), m_options(options) {
    if (m_parameters.empty()) throw std::invalid_argument("optimiser: no parameters");
    if (!decay.empty() && decay.size() != m_parameters.size())
        throw std::invalid_argument("optimiser: one decay flag per parameter expected");
    int64_t total = 0;
    const auto first = m_parameters.front().options();
    for (const auto& p : m_parameters) {
        if (p.dtype() != first.dtype() || p.device() != first.device())
            throw std::invalid_argument("optimiser: parameters of different dtypes or devices");
        total += p.numel();
    }
    const auto plain = first.requires_grad(false);
    m_values = torch::empty({total}, plain);
    m_grads = torch::zeros({total}, plain);
    m_firstMoment = torch::zeros({total}, plain);
    m_secondMoment = torch::zeros({total}, plain);
    m_denominator = torch::empty({total}, plain);
    if (std::find(decay.begin(), decay.end(), false) != decay.end()) {
        m_decayMask = torch::zeros({total}, plain);
        int64_t offset = 0;
        for (size_t i = 0; i < m_parameters.size(); ++i) {
            const int64_t n = m_parameters[i].numel();
            if (decay[i]) m_decayMask.narrow(0, offset, n).fill_(1.0);
            offset += n;
        }
    }
    rebind();
}

void FlatAdam::rebind() {
    torch::NoGradGuard noGrad;
    int64_t offset = 0;
    for (auto& p : m_parameters) {
        const int64_t n = p.numel();
        m_values.narrow(0, offset, n).copy_(p.detach().reshape({-1}));
        p.set_data(m_values.narrow(0, offset, n).view(p.sizes()));
        p.mutable_grad() = m_grads.narrow(0, offset, n).view(p.sizes());
        offset += n;
    }
}

void FlatAdam::zeroGrad() {
    m_grads.zero_();
}

double FlatAdam::clipGradNorm(double maxNorm) {
    torch::NoGradGuard noGrad;
    const double norm = m_grads.norm().item<double>();
    const double scale = maxNorm / (norm + 1e-6);
    if (scale < 1.0) m_grads.mul_(scale);
    return norm;
}

void FlatAdam::step() {
    torch::NoGradGuard noGrad;
    const auto& o = m_options;
    ++m_step;
    if (o.weightDecay != 0 && !m_decayMask.defined()) {
        if (o.decoupledWeightDecay)
            m_values.mul_(1.0 - o.learningRate * o.weightDecay);
        else
            m_grads.add_(m_values, o.weightDecay);
    } else if (o.weightDecay != 0) {
        if (o.decoupledWeightDecay)
            m_values.addcmul_(m_values, m_decayMask, -o.learningRate * o.weightDecay);
        else
            m_grads.addcmul_(m_values, m_decayMask, o.weightDecay);
    }
    m_firstMoment.mul_(o.beta1).add_(m_grads, 1.0 - o.beta1);
    m_secondMoment.mul_(o.beta2).addcmul_(m_grads, m_grads, 1.0 - o.beta2);
    const double correction1 = 1.0 - std::pow(o.beta1, static_cast<double>(m_step));
    const double correction2 = 1.0 - std::pow(o.beta2, static_cast<double>(m_step));
    torch::sqrt_out(m_denominator, m_secondMoment).div_(std::sqrt(correction2)).add_(o.eps);
    m_values.addcdiv_(m_firstMoment, m_denominator, -o.learningRate / correction1);
}

void FlatAdam::save(torch::serialize::OutputArchive& archive) const {
    archive.write("step", c10::IValue(m_step));
    archive.write("first_moment", m_firstMoment, /*is_buffer=*/true);
    archive.write("second_moment", m_secondMoment, /*is_buffer=*/true);
}

void FlatAdam::load(torch::serialize::InputArchive& archive) {
    c10::IValue step;
    torch::Tensor first, second;
    if (!archive.try_read("step", step) || !step.isInt() ||
        !archive.try_read("first_moment", first, /*is_buffer=*/true) ||
        !archive.try_read("second_moment", second, /*is_buffer=*/true))
        throw std::runtime_error("optimiser state is incomplete");
    if (first.numel() != m_values.numel() || second.numel() != m_values.numel())
        throw std::runtime_error("optimiser state holds " + std::to_string(first.numel()) +
                                 " values, the model has " + std::to_string(m_values.numel()));
    torch::NoGradGuard noGrad;
    m_firstMoment.copy_(first.reshape({-1}));
    m_secondMoment.copy_(second.reshape({-1}));
    m_step = step.toInt();
}

}  // namespace tpugraphs
