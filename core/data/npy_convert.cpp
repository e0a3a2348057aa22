// Numeric conversion of decoded arrays into typed vectors, with range checks.
#include "data/npy_convert.h"

#include <limits>

namespace tpugraphs {

namespace {

template <typename Out, typename In>
std::vector<Out> convert(const NpyArray& array, int64_t min, uint64_t max) {
    const In* in = reinterpret_cast<const In*>(array.bytes());
    const int64_t n = array.elementCount();
    std::vector<Out> out;
    reserveLarge(out, static_cast<size_t>(n));
    out.resize(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        const In v = in[i];
        const bool low = std::numeric_limits<In>::is_signed && static_cast<int64_t>(v) < min;
        const bool high =
            (std::numeric_limits<In>::is_signed && v > 0 && static_cast<uint64_t>(v) > max) ||
            (!std::numeric_limits<In>::is_signed && static_cast<uint64_t>(v) > max);
        if (low || high)
            throw DataError(array.file(), array.name(),
                            "value " + std::to_string(v) + " at index " + std::to_string(i) +
                                " is outside " + std::to_string(min) + ".." + std::to_string(max));
        out[static_cast<size_t>(i)] = static_cast<Out>(v);
    }
    return out;
}

template <typename Out>
std::vector<Out> convertInteger(const NpyArray& array, int64_t min, uint64_t max) {
    switch (array.dtype()) {
        case DType::U8:
            return convert<Out, uint8_t>(array, min, max);
        case DType::I8:
            return convert<Out, int8_t>(array, min, max);
        case DType::I16:
            return convert<Out, int16_t>(array, min, max);
        case DType::U16:
            return convert<Out, uint16_t>(array, min, max);
        case DType::I32:
            return convert<Out, int32_t>(array, min, max);
        case DType::U32:
            return convert<Out, uint32_t>(array, min, max);
        case DType::I64:
            return convert<Out, int64_t>(array, min, max);
        case DType::U64:
            return convert<Out, uint64_t>(array, min, max);
        default:
            throw DataError(array.file(), array.name(),
                            std::string("has dtype ") + dtypeName(array.dtype()) +
                                ", expected an integer dtype");
    }
}

}  // namespace

std::vector<float> toFloatVector(const NpyArray& array) {
    if (array.dtype() == DType::F32) return array.toVector<float>();
    if (array.dtype() == DType::F64) {
        const double* in = array.data<double>();
        std::vector<float> out;
        reserveLarge(out, static_cast<size_t>(array.elementCount()));
        out.assign(in, in + array.elementCount());
        return out;
    }
    throw DataError(array.file(), array.name(),
                    std::string("has dtype ") + dtypeName(array.dtype()) + ", expected float32");
}

std::vector<int64_t> toInt64Vector(const NpyArray& array) {
    if (array.dtype() == DType::I64) return array.toVector<int64_t>();
    return convertInteger<int64_t>(array, std::numeric_limits<int64_t>::min(),
                                   std::numeric_limits<int64_t>::max());
}

std::vector<uint8_t> toUInt8Vector(const NpyArray& array) {
    if (array.dtype() == DType::U8) return array.toVector<uint8_t>();
    return convertInteger<uint8_t>(array, 0, 255);
}

}  // namespace tpugraphs
