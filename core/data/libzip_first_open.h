// Makes libzip's archive opening safe to call from several threads at once.
//
// libzip before 1.10 (Debian 12 ships 1.7.3) fills two static bitmaps in `_zip_open` on first
// use, without a lock. A thread that sees the first filled but not yet the second takes a
// writable source for a read-only one, and `zip_open_from_source(..., ZIP_TRUNCATE)` fails with
// "Read-only archive" (the parallel dataset generator met it in CI). Every open calls this
// first; the first call opens one archive while other callers wait.
#pragma once

namespace tpugraphs {

void prepareLibzipForThreads();

}  // namespace tpugraphs
