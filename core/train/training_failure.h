// A run that cannot go on (a non-finite loss, gradient or score): the message names the step.
#pragma once

#include <stdexcept>

namespace tpugraphs {

class TrainingFailure : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

}  // namespace tpugraphs
