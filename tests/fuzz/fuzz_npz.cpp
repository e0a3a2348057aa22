// libFuzzer target: arbitrary bytes as an .npy image and as an .npz archive (headers, typed
// graphs, all arrays). Any DataError is an expected rejection; anything else is a finding.
#include <cstdint>
#include <cstring>

#include "data/data_error.h"
#include "data/graph_io.h"
#include "data/graph_schema.h"
#include "data/npy_array.h"
#include "data/npz_file.h"

using namespace tpugraphs;

namespace {

void asNpy(const uint8_t* data, size_t size) {
    try {
        AlignedBuffer image(size);
        if (size) std::memcpy(image.data(), data, size);
        const NpyArray array = NpyArray::decode(std::move(image), "fuzz.npy", "x");
        (void)array.elementCount();
    } catch (const DataError&) {
    }
}

void asNpz(const uint8_t* data, size_t size) {
    try {
        NpzFile npz = NpzFile::openMemory(data, size, "fuzz.npz");
        for (const NpzMember& m : npz.members()) {
            try {
                npz.readHeader(m.name);
            } catch (const DataError&) {
            }
        }
        try {
            if (detectGraphKind(npz) == GraphKind::Tile)
                readTileGraph(npz, ReadOptions{true, 1});
            else
                readLayoutGraph(npz, ReadOptions{true, 1});
        } catch (const DataError&) {
        }
        npz.readAll(1);
    } catch (const DataError&) {
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    asNpy(data, size);
    asNpz(data, size);
    return 0;
}
