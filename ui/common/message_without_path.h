// Error text for UI messages that already name the file: core's errors begin with the path
// ("<path>: array 'x': problem"), so "Cannot open <path>: " + that would print the path twice.
#pragma once

#include <QString>

namespace tpugraphs::ui {

// `message` without a leading "<path>: " (or "<path> "), so the caller names the path once.
inline QString withoutPath(const QString& message, const QString& path) {
    if (path.isEmpty() || !message.startsWith(path)) return message;
    QString rest = message.mid(path.size());
    if (rest.startsWith(QStringLiteral(": ")))
        rest.remove(0, 2);
    else if (rest.startsWith(' '))
        rest.remove(0, 1);
    else
        return message;  // a longer path that only starts with this one
    return rest.isEmpty() ? message : rest;
}

}  // namespace tpugraphs::ui
