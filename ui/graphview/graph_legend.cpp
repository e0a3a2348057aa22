// Graph legend painting: a translucent box listing colour swatches and marks.
#include "graphview/graph_legend.h"

#include <QFontMetrics>
#include <QPainter>
#include <QVector>
#include <utility>

#include "data/opcodes.h"
#include "graphview/graph_palette.h"

namespace tpugraphs::ui {

namespace {

enum class Swatch { Fill, Outline, Line };

struct Entry {
    QColor color;
    QString text;
    Swatch swatch;
};

QVector<Entry> entriesFor(const GraphLegendContent& content) {
    QVector<Entry> entries;
    if (content.byValue) {
        for (const float t : {0.0f, 0.5f, 1.0f}) {
            const float value = content.valueMin + t * (content.valueMax - content.valueMin);
            entries.append({valueColor(t), QString::number(value, 'g', 4), Swatch::Fill});
        }
    } else {
        for (int f = 0; f < kOpcodeFamilyCount; ++f)
            entries.append({familyColor(f),
                            QString::fromLatin1(opcodeFamilyName(static_cast<OpcodeFamily>(f))),
                            Swatch::Fill});
        entries.append(
            {familyColor(-1), QStringLiteral("computation (double-click)"), Swatch::Fill});
    }
    entries.append({palette::configurable, QStringLiteral("configurable node"), Swatch::Outline});
    entries.append({palette::inputEdge, QStringLiteral("inputs of selection"), Swatch::Line});
    entries.append({palette::outputEdge, QStringLiteral("outputs of selection"), Swatch::Line});
    return entries;
}

}  // namespace

void paintGraphLegend(QPainter& painter, const QRect& area, const GraphLegendContent& content) {
    const QVector<Entry> entries = entriesFor(content);
    painter.save();
    QFont font = painter.font();
    font.setPixelSize(11);
    painter.setFont(font);
    const QFontMetrics metrics(font);
    const int row = metrics.height() + 3;
    const QString title = content.byValue ? content.valueTitle : QStringLiteral("opcode family");
    int textWidth = metrics.horizontalAdvance(title);
    for (const Entry& e : entries)
        textWidth = std::max(textWidth, metrics.horizontalAdvance(e.text));
    const int width = textWidth + 40;
    const int height = row * (entries.size() + 1) + 10;
    const QRect box(area.right() - width - 10, area.top() + 10, width, height);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QColor(0, 0, 0, 60));
    painter.setBrush(QColor(255, 255, 255, 225));
    painter.drawRoundedRect(box, 6, 6);
    painter.setPen(palette::text);
    font.setBold(true);
    painter.setFont(font);
    painter.drawText(QRect(box.left() + 8, box.top() + 5, width - 16, row), Qt::AlignVCenter,
                     title);
    font.setBold(false);
    painter.setFont(font);
    int y = box.top() + 5 + row;
    for (const Entry& e : entries) {
        const QRect swatch(box.left() + 8, y + row / 2 - 6, 18, 12);
        switch (e.swatch) {
            case Swatch::Fill:
                painter.setPen(e.color.darker(140));
                painter.setBrush(e.color);
                painter.drawRect(swatch);
                break;
            case Swatch::Outline:
                painter.setPen(QPen(e.color, 2.5));
                painter.setBrush(Qt::white);
                painter.drawRect(swatch.adjusted(1, 1, -1, -1));
                break;
            case Swatch::Line:
                painter.setPen(QPen(e.color, 2.5));
                painter.drawLine(swatch.left(), swatch.center().y(), swatch.right(),
                                 swatch.center().y());
                break;
        }
        painter.setPen(palette::text);
        painter.drawText(QRect(swatch.right() + 6, y, textWidth + 4, row), Qt::AlignVCenter,
                         e.text);
        y += row;
    }
    painter.restore();
}

}  // namespace tpugraphs::ui
