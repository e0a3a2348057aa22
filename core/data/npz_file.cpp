// NpzFile: libzip container access, raw member bytes inflated by libdeflate, CRC-32 checked.
#include "data/npz_file.h"

#include <unistd.h>

#include <libdeflate.h>
#include <zip.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

#include "base/parallel_for.h"
#include "data/data_error.h"
#include "data/libzip_first_open.h"
#include "data/regular_file.h"

namespace tpugraphs {

namespace {

// Deflate cannot expand data by more than about 1032:1; a larger claim is a lie (or a bomb).
constexpr int64_t kMaxDeflateRatio = 1032;
// Below this many inflated bytes in total, threads cost more than they save.
constexpr int64_t kParallelThreshold = 4 << 20;
// Members up to this size are inflated whole even when only their header is wanted.
constexpr int64_t kWholeHeaderRead = 64 << 10;

std::string zipErrorText(int code) {
    zip_error_t error;
    zip_error_init_with_code(&error, code);
    std::string text = zip_error_strerror(&error);
    zip_error_fini(&error);
    return text;
}

std::string hex(uint32_t value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", value);
    return text;
}

struct Decompressor {
    Decompressor() : d(libdeflate_alloc_decompressor()) {
        if (!d) throw std::bad_alloc();
    }
    ~Decompressor() { libdeflate_free_decompressor(d); }
    libdeflate_decompressor* d;
};

// The memory this machine has, in bytes (0 when unknown).
int64_t physicalMemoryBytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES), pageSize = ::sysconf(_SC_PAGESIZE);
    return pages > 0 && pageSize > 0 ? int64_t(pages) * pageSize : 0;
}

// A buffer for `bytes` bytes of `member`: an allocation that fails names the file and array.
AlignedBuffer allocateFor(const NpzMember& member, const std::string& file, int64_t bytes = -1) {
    if (bytes < 0) bytes = member.bytes;
    try {
        return AlignedBuffer(static_cast<size_t>(bytes));
    } catch (const std::bad_alloc&) {
        throw DataError(
            file, member.name,
            "needs " + std::to_string(bytes) + " bytes of memory, more than could be allocated");
    }
}

// Inflates (or takes, when stored) one member's raw bytes, checks size and CRC, decodes the npy.
NpyArray decodeMember(const NpzMember& member, AlignedBuffer raw, const std::string& file) {
    AlignedBuffer image;
    if (member.deflated) {
        image = allocateFor(member, file);
        Decompressor inflater;
        const libdeflate_result result = libdeflate_deflate_decompress(
            inflater.d, raw.data(), raw.size(), image.data(), image.size(), nullptr);
        if (result == LIBDEFLATE_SHORT_OUTPUT)
            throw DataError(file, member.name,
                            "deflate stream ends before the declared " +
                                std::to_string(member.bytes) + " bytes");
        if (result == LIBDEFLATE_INSUFFICIENT_SPACE)
            throw DataError(file, member.name,
                            "deflate stream inflates to more than the declared " +
                                std::to_string(member.bytes) + " bytes");
        if (result != LIBDEFLATE_SUCCESS)
            throw DataError(file, member.name, "corrupt or truncated deflate stream");
    } else {
        image = std::move(raw);
    }
    const uint32_t crc = static_cast<uint32_t>(libdeflate_crc32(0, image.data(), image.size()));
    if (crc != member.crc)
        throw DataError(
            file, member.name,
            "CRC-32 mismatch (stored " + hex(member.crc) + ", computed " + hex(crc) + ")");
    return NpyArray::decode(std::move(image), file, member.name);
}

}  // namespace

struct NpzFile::Impl {
    std::string path;
    int64_t fileBytes = 0;
    zip_t* zip = nullptr;
    std::vector<NpzMember> members;

    ~Impl() {
        if (zip) zip_discard(zip);
    }

    [[noreturn]] void fail(const std::string& array, const std::string& problem) const {
        throw DataError(path, array, problem);
    }

    void listMembers() {
        const zip_int64_t count = zip_get_num_entries(zip, 0);
        if (count < 0) fail("", "cannot list the zip entries");
        int64_t compressedTotal = 0;
        for (zip_int64_t i = 0; i < count; ++i) {
            zip_stat_t st;
            zip_stat_init(&st);
            if (zip_stat_index(zip, static_cast<zip_uint64_t>(i), 0, &st) != 0)
                fail("", std::string("cannot read zip entry ") + std::to_string(i) + ": " +
                             zip_strerror(zip));
            NpzMember m;
            m.entryName = (st.valid & ZIP_STAT_NAME) && st.name ? st.name : "";
            m.name = m.entryName;
            if (m.name.size() > 4 && m.name.compare(m.name.size() - 4, 4, ".npy") == 0)
                m.name.resize(m.name.size() - 4);
            m.index = static_cast<uint64_t>(i);
            m.compressedBytes = static_cast<int64_t>(st.comp_size);
            m.bytes = static_cast<int64_t>(st.size);
            m.crc = st.crc;
            if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
                fail(m.name, "encrypted zip entries are not supported");
            if (st.comp_method != ZIP_CM_DEFLATE && st.comp_method != ZIP_CM_STORE)
                fail(m.name, "unsupported zip compression method " +
                                 std::to_string(st.comp_method) + " (only stored and deflate)");
            m.deflated = st.comp_method == ZIP_CM_DEFLATE;
            if (m.bytes < 0 || m.compressedBytes < 0) fail(m.name, "zip entry sizes are too large");
            if (!m.deflated && m.bytes != m.compressedBytes)
                fail(m.name, "stored zip entry has compressed size " +
                                 std::to_string(m.compressedBytes) + " but size " +
                                 std::to_string(m.bytes));
            if (m.deflated && m.bytes / kMaxDeflateRatio > m.compressedBytes + 1)
                fail(m.name, "zip entry declares " + std::to_string(m.bytes) + " bytes from " +
                                 std::to_string(m.compressedBytes) +
                                 " compressed bytes, more than deflate can produce");
            // A size no allocation can hold is refused before any is tried.
            const int64_t memory = physicalMemoryBytes();
            if (memory > 0 && m.bytes > memory)
                fail(m.name, "zip entry declares " + std::to_string(m.bytes) +
                                 " bytes, more than this machine's memory (" +
                                 std::to_string(memory) + " bytes)");
            compressedTotal += m.compressedBytes;
            if (compressedTotal > fileBytes)
                fail(m.name, "zip entries overlap or exceed the file (compressed sizes add up to " +
                                 std::to_string(compressedTotal) + " bytes in a " +
                                 std::to_string(fileBytes) + "-byte file)");
            for (const NpzMember& other : members)
                if (other.name == m.name) fail(m.name, "the array appears twice in the archive");
            members.push_back(std::move(m));
        }
    }

    const NpzMember& require(const std::string& name) const {
        for (const NpzMember& m : members)
            if (m.name == name) return m;
        fail(name, "missing array");
    }

    // Reads up to `size` bytes of a member: inflated (compressed = false) or raw.
    size_t readMember(const NpzMember& m, uint8_t* out, size_t size, bool compressed) const {
        zip_file_t* f = zip_fopen_index(zip, m.index, compressed ? ZIP_FL_COMPRESSED : 0);
        if (!f) fail(m.name, std::string("cannot open the zip entry: ") + zip_strerror(zip));
        size_t done = 0;
        while (done < size) {
            const zip_int64_t n = zip_fread(f, out + done, size - done);
            if (n < 0) {
                const std::string error = zip_file_strerror(f);
                zip_fclose(f);
                fail(m.name, "cannot read the zip entry: " + error);
            }
            if (n == 0) break;
            done += static_cast<size_t>(n);
        }
        zip_fclose(f);
        return done;
    }

    AlignedBuffer readRaw(const NpzMember& m) const {
        AlignedBuffer raw = allocateFor(m, path, m.compressedBytes);
        if (readMember(m, raw.data(), raw.size(), true) != raw.size())
            fail(m.name, "zip entry is truncated (file ends inside its data)");
        return raw;
    }
};

NpzFile::NpzFile(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
NpzFile::NpzFile(NpzFile&&) noexcept = default;
NpzFile& NpzFile::operator=(NpzFile&&) noexcept = default;
NpzFile::~NpzFile() = default;

NpzFile NpzFile::open(const std::string& path) {
    auto impl = std::make_unique<Impl>();
    impl->path = path;
    const std::string notRegular = notRegularFileProblem(path);
    if (!notRegular.empty()) throw DataError(path, "", "cannot open the file: " + notRegular);
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (!f) throw DataError(path, "", std::string("cannot open the file: ") + std::strerror(errno));
    std::fseek(f, 0, SEEK_END);
    impl->fileBytes = std::ftell(f);
    std::fclose(f);
    int error = 0;
    prepareLibzipForThreads();
    impl->zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &error);
    if (!impl->zip) throw DataError(path, "", "not a readable zip archive: " + zipErrorText(error));
    impl->listMembers();
    return NpzFile(std::move(impl));
}

NpzFile NpzFile::openMemory(const void* data, size_t size, const std::string& label) {
    auto impl = std::make_unique<Impl>();
    impl->path = label;
    impl->fileBytes = static_cast<int64_t>(size);
    zip_error_t error;
    zip_error_init(&error);
    prepareLibzipForThreads();
    zip_source_t* source = zip_source_buffer_create(data, size, 0, &error);
    if (source) impl->zip = zip_open_from_source(source, ZIP_RDONLY, &error);
    if (!impl->zip) {
        if (source) zip_source_free(source);
        const std::string text = zip_error_strerror(&error);
        zip_error_fini(&error);
        throw DataError(label, "", "not a readable zip archive: " + text);
    }
    zip_error_fini(&error);
    impl->listMembers();
    return NpzFile(std::move(impl));
}

const std::string& NpzFile::path() const {
    return m_impl->path;
}
int64_t NpzFile::fileBytes() const {
    return m_impl->fileBytes;
}
const std::vector<NpzMember>& NpzFile::members() const {
    return m_impl->members;
}

const NpzMember* NpzFile::find(const std::string& name) const {
    for (const NpzMember& m : m_impl->members)
        if (m.name == name) return &m;
    return nullptr;
}

uint64_t NpzFile::contentFingerprint() const {
    uint64_t hash = 1469598103934665603ull;  // FNV-1a
    const auto mix = [&hash](const void* data, size_t bytes) {
        const auto* p = static_cast<const unsigned char*>(data);
        for (size_t i = 0; i < bytes; ++i) hash = (hash ^ p[i]) * 1099511628211ull;
    };
    for (const NpzMember& m : m_impl->members) {
        mix(m.entryName.c_str(), m.entryName.size() + 1);
        const int64_t fields[] = {m.compressedBytes, m.bytes, int64_t(m.crc), int64_t(m.deflated)};
        mix(fields, sizeof fields);
    }
    return hash;
}

NpyHeader NpzFile::readHeader(const std::string& name) {
    const NpzMember& m = m_impl->require(name);
    // A small member is read whole (with its CRC and the clearer libdeflate diagnostics).
    if (m.bytes <= kWholeHeaderRead) return read(name).storedHeader();
    uint8_t preamble[kNpyPreambleBytes];
    const size_t got = m_impl->readMember(m, preamble, sizeof preamble, false);
    const size_t length = npyHeaderLength(preamble, got, path(), name);
    if (static_cast<int64_t>(length) > m.bytes)
        m_impl->fail(name, "npy header is longer than the array member");
    std::vector<uint8_t> header(length);
    if (m_impl->readMember(m, header.data(), length, false) != length)
        m_impl->fail(name, "npy header is truncated");
    NpyHeader parsed = parseNpyHeader(header.data(), length, path(), name);
    const int64_t stored = m.bytes - static_cast<int64_t>(length);
    if (parsed.dataBytes() != stored)
        m_impl->fail(name, "header shape " + parsed.shapeString() + " of " +
                               dtypeName(parsed.dtype) + " needs " +
                               std::to_string(parsed.dataBytes()) + " bytes of data but " +
                               std::to_string(stored) + " are stored");
    return parsed;
}

NpyArray NpzFile::read(const std::string& name) {
    const NpzMember& m = m_impl->require(name);
    return decodeMember(m, m_impl->readRaw(m), path());
}

std::vector<NpyArray> NpzFile::read(const std::vector<std::string>& names, int threads) {
    // libzip is not thread-safe: raw bytes are fetched here, then inflated in parallel.
    std::vector<const NpzMember*> members;
    std::vector<AlignedBuffer> raws;
    int64_t total = 0;
    for (const std::string& name : names) {
        members.push_back(&m_impl->require(name));
        raws.push_back(m_impl->readRaw(*members.back()));
        total += members.back()->bytes;
    }
    std::vector<NpyArray> arrays(names.size());
    // Largest members first, so that the longest inflate starts at once.
    std::vector<size_t> order(names.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(),
              [&](size_t a, size_t b) { return members[a]->bytes > members[b]->bytes; });
    // Every member is decoded; the error reported is the first in `names` order.
    std::vector<std::exception_ptr> errors(names.size());
    parallelFor(order.size(), total < kParallelThreshold ? 1 : threads, [&](size_t k) {
        const size_t i = order[k];
        try {
            arrays[i] = decodeMember(*members[i], std::move(raws[i]), path());
        } catch (...) {
            errors[i] = std::current_exception();
        }
    });
    for (const std::exception_ptr& error : errors)
        if (error) std::rethrow_exception(error);
    return arrays;
}

NpyHeader NpzFile::readChunks(const std::string& name, size_t chunkBytes,
                              const ChunkConsumer& consume) {
    const NpyHeader header = readHeader(name);
    if (header.bigEndian || (header.fortranOrder && header.shape.size() >= 2)) {  // needs the whole
        const NpyArray whole = read(name);
        for (size_t offset = 0; offset < whole.byteSize(); offset += chunkBytes)
            consume(whole.bytes() + offset, std::min(chunkBytes, whole.byteSize() - offset),
                    static_cast<int64_t>(offset));
        return header;
    }
    const NpzMember& m = m_impl->require(name);
    zip_file_t* f = zip_fopen_index(m_impl->zip, m.index, 0);
    if (!f)
        m_impl->fail(name, std::string("cannot open the zip entry: ") + zip_strerror(m_impl->zip));
    std::vector<uint8_t> buffer(std::max(chunkBytes, header.dataOffset));
    // Fills `size` bytes (fewer only at the end of the entry); libzip checks the CRC at the end.
    auto fill = [&](size_t size) {
        size_t done = 0;
        while (done < size) {
            const zip_int64_t n = zip_fread(f, buffer.data() + done, size - done);
            if (n < 0) {
                const std::string error = zip_file_strerror(f);
                zip_fclose(f);
                m_impl->fail(name, "cannot read the zip entry: " + error);
            }
            if (n == 0) break;
            done += static_cast<size_t>(n);
        }
        return done;
    };
    fill(header.dataOffset);
    const int64_t total = header.dataBytes();
    for (int64_t offset = 0; offset < total;) {
        const size_t want =
            static_cast<size_t>(std::min<int64_t>(int64_t(chunkBytes), total - offset));
        if (fill(want) != want) {
            zip_fclose(f);
            m_impl->fail(name, "the array data ends early");
        }
        try {
            consume(buffer.data(), want, offset);
        } catch (...) {
            zip_fclose(f);
            throw;
        }
        offset += static_cast<int64_t>(want);
    }
    fill(1);  // reach the end of the entry, where the CRC is verified
    zip_fclose(f);
    return header;
}

std::vector<NpyArray> NpzFile::readAll(int threads) {
    std::vector<std::string> names;
    for (const NpzMember& m : m_impl->members) names.push_back(m.name);
    return read(names, threads);
}

}  // namespace tpugraphs
