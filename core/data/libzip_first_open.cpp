// prepareLibzipForThreads: one archive opened under a function-local static's initialisation.
#include "data/libzip_first_open.h"

#include <zip.h>

namespace tpugraphs {

namespace {

bool openOneArchive() {
    zip_error_t error;
    zip_error_init(&error);
    zip_source_t* buffer = zip_source_buffer_create(nullptr, 0, 0, &error);
    zip_t* zip = buffer ? zip_open_from_source(buffer, ZIP_TRUNCATE, &error) : nullptr;
    if (zip)
        zip_discard(zip);  // frees the source too
    else if (buffer)
        zip_source_free(buffer);
    zip_error_fini(&error);
    return zip != nullptr;
}

}  // namespace

void prepareLibzipForThreads() {
    // C++11 runs a local static's initialiser once; concurrent callers wait for it to finish.
    static const bool opened = openOneArchive();
    (void)opened;
}

}  // namespace tpugraphs
