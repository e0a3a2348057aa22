// How the app names a dataset root: its folder's name ("tpugraphs"), or "demo" for the demo
// dataset generated into the cache; and whether two roots are the same dataset.
#pragma once

#include <QString>

namespace tpugraphs::ui {

// "demo" for the generated demo dataset (a folder named demo-dataset-*), else the folder's name;
// "-" for an empty root.
QString datasetDisplayName(const QString& root);
// The same folder, after resolving links and "..": true. Empty roots are never the same.
bool isSameDataset(const QString& a, const QString& b);

}  // namespace tpugraphs::ui
