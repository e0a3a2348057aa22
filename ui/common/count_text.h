// "1 graph" / "3 graphs": counted nouns for UI text (the app ships no translations).
#pragma once

#include <QLocale>
#include <QString>

namespace tpugraphs::ui {

inline QString countText(qint64 n, const char* one, const char* many) {
    return QStringLiteral("%1 %2").arg(QLocale().toString(n),
                                       QString::fromUtf8(n == 1 ? one : many));
}

}  // namespace tpugraphs::ui
