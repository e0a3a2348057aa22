// MappedFile: open, fstat, mmap (PROT_READ, MAP_PRIVATE | MAP_POPULATE), close the descriptor;
// munmap at the end.
#include "data/mapped_file.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "data/regular_file.h"

namespace tpugraphs {

MappedFile::MappedFile(const std::string& path) {
    // Without blocking: a FIFO named like a data file must not hang the reader.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        m_error = std::strerror(errno);
        return;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        m_error = std::strerror(errno);
        ::close(fd);
        return;
    }
    m_error = notRegularFileProblem(info.st_mode);
    if (!m_error.empty()) {
        ::close(fd);
        return;
    }
    m_size = static_cast<size_t>(info.st_size);
    if (m_size > 0) {
        void* p = ::mmap(nullptr, m_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
        if (p == MAP_FAILED) {
            m_error = std::strerror(errno);
            m_size = 0;
            ::close(fd);
            return;
        }
        m_data = static_cast<const uint8_t*>(p);
    }
    ::close(fd);
    m_opened = true;
}

MappedFile::MappedFile(MappedFile&& other) noexcept {
    *this = std::move(other);
}

MappedFile& MappedFile::operator=(MappedFile&& other) noexcept {
    if (this != &other) {
        release();
        m_data = std::exchange(other.m_data, nullptr);
        m_size = std::exchange(other.m_size, 0);
        m_opened = std::exchange(other.m_opened, false);
        m_error = std::move(other.m_error);
    }
    return *this;
}

MappedFile::~MappedFile() {
    release();
}

void MappedFile::release() {
    if (m_data) ::munmap(const_cast<uint8_t*>(m_data), m_size);
    m_data = nullptr;
    m_size = 0;
    m_opened = false;
}

}  // namespace tpugraphs
