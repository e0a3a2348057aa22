// Reading every member of a zip archive through libzip, which checks the CRC-32 at each
// member's end.
#include "data/zip_integrity.h"

#include <zip.h>

#include <vector>

#include "data/libzip_first_open.h"

namespace tpugraphs {

std::string zipIntegrityProblem(const void* data, size_t size) {
    prepareLibzipForThreads();
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* source = zip_source_buffer_create(data, size, 0, &error);
    zip_t* zip =
        source ? zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) : nullptr;
    if (!zip) {
        if (source) zip_source_free(source);
        const std::string text = zip_error_strerror(&error);
        zip_error_fini(&error);
        return "not a readable zip archive: " + text;
    }
    zip_error_fini(&error);
    std::string problem;
    std::vector<char> piece(1 << 16);
    const zip_int64_t count = zip_get_num_entries(zip, 0);
    for (zip_int64_t i = 0; i < count && problem.empty(); ++i) {
        const char* name = zip_get_name(zip, static_cast<zip_uint64_t>(i), 0);
        const std::string member = std::string("member '") + (name ? name : "?") + "': ";
        zip_file_t* file = zip_fopen_index(zip, static_cast<zip_uint64_t>(i), 0);
        if (!file) {
            problem = member + zip_strerror(zip);
            break;
        }
        zip_int64_t got = 0;
        while ((got = zip_fread(file, piece.data(), piece.size())) > 0) {
        }
        if (got < 0) problem = member + zip_file_strerror(file);
        zip_fclose(file);
    }
    zip_discard(zip);
    return problem;
}

}  // namespace tpugraphs
