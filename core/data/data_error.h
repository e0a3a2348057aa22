// The one error type of the data layer: names the file, the array and the problem.
#pragma once

#include <stdexcept>
#include <string>

namespace tpugraphs {

class DataError : public std::runtime_error {
public:
    DataError(std::string file, std::string array, std::string problem)
        : std::runtime_error(format(file, array, problem)),
          m_file(std::move(file)),
          m_array(std::move(array)),
          m_problem(std::move(problem)) {}

    const std::string& file() const { return m_file; }  // path of the .npz/.npy, may be empty
    const std::string& array() const {
        return m_array;
    }  // member name, e.g. "edge_index"; may be empty
    const std::string& problem() const { return m_problem; }

private:
    static std::string format(const std::string& file, const std::string& array,
                              const std::string& problem) {
        std::string s = file.empty() ? std::string("<memory>") : file;
        if (!array.empty()) s += ": array '" + array + "'";
        return s + ": " + problem;
    }
    std::string m_file, m_array, m_problem;
};

}  // namespace tpugraphs
