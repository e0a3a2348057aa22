// Parsing and formatting of .npy headers (format versions 1, 2 and 3).
#include "data/npy_header.h"

#include <cstring>
#include <limits>

#include "data/data_error.h"

namespace tpugraphs {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicBytes = 6;
constexpr size_t kMaxHeaderBytes = 1 << 20;
constexpr size_t kMaxRank = 32;

struct DTypeInfo {
    DType dtype;
    char kind;
    size_t size;
    const char* name;
};
constexpr DTypeInfo kDTypes[] = {
    {DType::F32, 'f', 4, "float32"}, {DType::F64, 'f', 8, "float64"},
    {DType::U8, 'u', 1, "uint8"},    {DType::I8, 'i', 1, "int8"},
    {DType::I16, 'i', 2, "int16"},   {DType::U16, 'u', 2, "uint16"},
    {DType::I32, 'i', 4, "int32"},   {DType::U32, 'u', 4, "uint32"},
    {DType::I64, 'i', 8, "int64"},   {DType::U64, 'u', 8, "uint64"},
};

const DTypeInfo& info(DType dtype) {
    return kDTypes[static_cast<int>(dtype)];
}

// A minimal reader of the Python literal numpy writes: {'descr': '<f4', 'fortran_order': False,
// 'shape': (2, 3), }. Only strings, True/False and tuples of integers occur.
class DictParser {
public:
    DictParser(const char* text, size_t size, const std::string& file, const std::string& array)
        : m_p(text), m_end(text + size), m_file(file), m_array(array) {}

    NpyHeader parse() {
        NpyHeader header;
        bool haveDescr = false, haveOrder = false, haveShape = false;
        expect('{');
        while (true) {
            skipSpace();
            if (peek() == '}') break;
            const std::string key = parseString();
            expect(':');
            if (key == "descr") {
                parseDescr(&header);
                haveDescr = true;
            } else if (key == "fortran_order") {
                header.fortranOrder = parseBool();
                haveOrder = true;
            } else if (key == "shape") {
                header.shape = parseShape();
                haveShape = true;
            } else {
                fail("unexpected key '" + key + "' in the npy header");
            }
            skipSpace();
            if (peek() == ',') {
                ++m_p;
                continue;
            }
            if (peek() != '}') fail("expected ',' or '}' in the npy header");
        }
        ++m_p;
        skipSpace();
        if (m_p != m_end) fail("unexpected text after the npy header dictionary");
        if (!haveDescr) fail("the npy header has no 'descr'");
        if (!haveOrder) fail("the npy header has no 'fortran_order'");
        if (!haveShape) fail("the npy header has no 'shape'");
        return header;
    }

private:
    [[noreturn]] void fail(const std::string& problem) const {
        throw DataError(m_file, m_array, problem);
    }
    char peek() const { return m_p < m_end ? *m_p : '\0'; }
    void skipSpace() {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\t' || *m_p == '\r')) ++m_p;
    }
    void expect(char c) {
        skipSpace();
        if (peek() != c) fail(std::string("malformed npy header: expected '") + c + "'");
        ++m_p;
    }
    std::string parseString() {
        skipSpace();
        const char quote = peek();
        if (quote != '\'' && quote != '"') fail("malformed npy header: expected a quoted string");
        const char* start = ++m_p;
        while (m_p < m_end && *m_p != quote) ++m_p;
        if (m_p == m_end) fail("malformed npy header: unterminated string");
        return std::string(start, m_p++);
    }
    bool parseBool() {
        skipSpace();
        for (const auto& [word, value] :
             {std::pair<const char*, bool>{"True", true}, {"False", false}}) {
            const size_t n = std::strlen(word);
            if (static_cast<size_t>(m_end - m_p) >= n && std::memcmp(m_p, word, n) == 0) {
                m_p += n;
                return value;
            }
        }
        fail("malformed npy header: 'fortran_order' is not True or False");
    }
    void parseDescr(NpyHeader* header) {
        skipSpace();
        if (peek() == '[') fail("unsupported dtype: structured arrays are not supported");
        const std::string descr = parseString();
        if (descr.size() >= 3) {
            const char order = descr[0];
            const std::string rest = descr.substr(1);
            for (const DTypeInfo& t : kDTypes) {
                if (rest != std::string(1, t.kind) + std::to_string(t.size)) continue;
                if (order == '<' || order == '=' || (order == '|' && t.size == 1) || order == '>') {
                    header->dtype = t.dtype;
                    header->bigEndian = order == '>' && t.size > 1;
                    return;
                }
            }
        }
        fail("unsupported dtype '" + descr +
             "' (supported: f4 f8 u1 i1 i2 u2 i4 u4 i8 u8, either byte order)");
    }
    std::vector<int64_t> parseShape() {
        expect('(');
        std::vector<int64_t> shape;
        while (true) {
            skipSpace();
            if (peek() == ')') break;
            if (peek() < '0' || peek() > '9') fail("malformed npy header: bad shape");
            int64_t value = 0;
            while (peek() >= '0' && peek() <= '9') {
                const int digit = *m_p++ - '0';
                if (value > (std::numeric_limits<int64_t>::max() - digit) / 10)
                    fail("shape dimension is too large");
                value = value * 10 + digit;
            }
            if (peek() == 'L') ++m_p;  // Python 2 long suffix
            shape.push_back(value);
            if (shape.size() > kMaxRank) fail("shape has more than 32 dimensions");
            skipSpace();
            if (peek() == ',') {
                ++m_p;
                continue;
            }
            if (peek() != ')') fail("malformed npy header: bad shape");
        }
        ++m_p;
        return shape;
    }

    const char* m_p;
    const char* m_end;
    const std::string& m_file;
    const std::string& m_array;
};

}  // namespace

size_t dtypeSize(DType dtype) {
    return info(dtype).size;
}
const char* dtypeName(DType dtype) {
    return info(dtype).name;
}
bool dtypeIsFloat(DType dtype) {
    return info(dtype).kind == 'f';
}

std::string dtypeDescr(DType dtype, bool bigEndian) {
    const DTypeInfo& t = info(dtype);
    const char order = t.size == 1 ? '|' : (bigEndian ? '>' : '<');
    return std::string(1, order) + t.kind + std::to_string(t.size);
}

std::string shapeToString(const std::vector<int64_t>& shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    return s + (shape.size() == 1 ? ",)" : ")");
}

int64_t NpyHeader::elementCount() const {
    for (int64_t d : shape)
        if (d == 0) return 0;  // before multiplying: (huge, huge, 0) must not overflow
    int64_t count = 1;
    for (int64_t d : shape) count *= d;
    return count;
}

int64_t NpyHeader::dataBytes() const {
    return elementCount() * static_cast<int64_t>(dtypeSize(dtype));
}

std::string NpyHeader::shapeString() const {
    return shapeToString(shape);
}

size_t npyHeaderLength(const uint8_t* data, size_t size, const std::string& file,
                       const std::string& array) {
    if (size < 10)
        throw DataError(file, array,
                        "too short to be an npy array (" + std::to_string(size) + " bytes)");
    if (std::memcmp(data, kMagic, kMagicBytes) != 0)
        throw DataError(file, array, "not an npy array (bad magic)");
    const int major = data[6];
    if (major == 1) return 10 + (size_t(data[8]) | size_t(data[9]) << 8);
    if (major != 2 && major != 3)
        throw DataError(file, array,
                        "unsupported npy format version " + std::to_string(major) + "." +
                            std::to_string(data[7]));
    if (size < 12) throw DataError(file, array, "npy header is truncated");
    const size_t length =
        size_t(data[8]) | size_t(data[9]) << 8 | size_t(data[10]) << 16 | size_t(data[11]) << 24;
    if (length > kMaxHeaderBytes)
        throw DataError(file, array,
                        "npy header length " + std::to_string(length) + " is too large");
    return 12 + length;
}

NpyHeader parseNpyHeader(const uint8_t* data, size_t size, const std::string& file,
                         const std::string& array) {
    const size_t total = npyHeaderLength(data, size, file, array);
    if (total > size)
        throw DataError(file, array,
                        "npy header is truncated (needs " + std::to_string(total) + " bytes, " +
                            std::to_string(size) + " available)");
    const size_t start = data[6] == 1 ? 10 : 12;
    DictParser parser(reinterpret_cast<const char*>(data + start), total - start, file, array);
    NpyHeader header = parser.parse();
    header.version = data[6];
    header.dataOffset = total;
    // Reject shapes whose byte size overflows before anyone multiplies them.
    int64_t bytes = static_cast<int64_t>(dtypeSize(header.dtype));
    bool zero = false;
    for (int64_t d : header.shape) zero = zero || d == 0;
    for (int64_t d : header.shape) {
        if (zero) break;
        if (bytes > std::numeric_limits<int64_t>::max() / d)
            throw DataError(file, array, "shape " + header.shapeString() + " is too large");
        bytes *= d;
    }
    return header;
}

std::string formatNpyHeader(DType dtype, const std::vector<int64_t>& shape, bool fortranOrder) {
    std::string dict = "{'descr': '" + dtypeDescr(dtype) +
                       "', 'fortran_order': " + (fortranOrder ? "True" : "False") +
                       ", 'shape': " + shapeToString(shape) + ", }";
    size_t total = 10 + dict.size() + 1;
    const size_t padded = (total + 63) / 64 * 64;
    dict.append(padded - total, ' ');
    dict += '\n';
    const size_t length = dict.size();
    std::string header(kMagic, kMagicBytes);
    header += '\x01';
    header += '\x00';
    header += static_cast<char>(length & 0xff);
    header += static_cast<char>(length >> 8);
    return header + dict;
}

}  // namespace tpugraphs
