// Numbers as report tables print them: fixed decimals, "-" for what is not a number.
#pragma once

#include <string>

namespace tpugraphs {

std::string fixedText(double value, int decimals = 4);

}  // namespace tpugraphs
