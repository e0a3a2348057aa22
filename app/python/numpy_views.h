// Numpy arrays over C++ buffers for the Python module: read-only views of memory a Python object
// keeps alive (zero-copy), and arrays that take over a vector (no copy either).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <memory>
#include <utility>
#include <vector>

namespace tpugraphs::python {

namespace py = pybind11;

// A read-only array over `data` (C order), valid while `owner` lives: the array holds a reference
// to it.
template <typename T>
py::array readOnlyView(const T* data, std::vector<py::ssize_t> shape, py::handle owner) {
    py::array_t<T> array(std::move(shape), data, owner);
    array.attr("setflags")(py::arg("write") = false);
    return array;
}

// An array that owns `values` (moved into it, no copy), with `shape` (its product must be the
// size).
template <typename T>
py::array_t<T> arrayOf(std::vector<T>&& values, std::vector<py::ssize_t> shape) {
    auto* owned = new std::vector<T>(std::move(values));
    py::capsule free(owned, [](void* p) { delete static_cast<std::vector<T>*>(p); });
    return py::array_t<T>(std::move(shape), owned->data(), free);
}

template <typename T>
py::array_t<T> arrayOf(std::vector<T>&& values) {
    const auto size = static_cast<py::ssize_t>(values.size());
    return arrayOf(std::move(values), {size});
}

// Any array-like as a C-ordered array of T (converted when needed: numbers, lists).
template <typename T>
using InputArray = py::array_t<T, py::array::c_style | py::array::forcecast>;

// The values of a 1-D array-like as a vector. Throws ValueError (std::invalid_argument) naming
// `what` when it is not one-dimensional.
template <typename T>
std::vector<T> vectorOf(const InputArray<T>& array, const char* what) {
    if (array.ndim() != 1)
        throw std::invalid_argument(std::string(what) + " must be one-dimensional, not " +
                                    std::to_string(array.ndim()) + "-dimensional");
    return std::vector<T>(array.data(), array.data() + array.size());
}

}  // namespace tpugraphs::python
