// Refusing what is not a regular file before reading it: a FIFO named like a data file would
// block its reader forever, a device would be read without end.
#pragma once

#include <sys/types.h>

#include <string>

namespace tpugraphs {

// "" when `mode` (st_mode) is a regular file's, else "not a regular file (a FIFO)" and the like.
std::string notRegularFileProblem(mode_t mode);

// "" when `path` names a regular file (after links), else why it cannot be read as one: the
// problem above, or the system's reason it cannot be stat()ed ("No such file or directory").
// Never opens the file.
std::string notRegularFileProblem(const std::string& path);

}  // namespace tpugraphs
