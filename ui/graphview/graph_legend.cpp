// Graph legend layout and painting: a translucent box listing colour swatches and marks.
#include "graphview/graph_legend.h"

#include <QFontMetrics>
#include <QPainter>
#include <QVector>

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
    if (content.collapsed) return entries;
    if (content.byValue) {
        // Named ends (two labels: low and high; three: low, middle, high) or three values.
        const bool named = content.rampLabels.size() == 2 || content.rampLabels.size() == 3;
        const int count = named ? int(content.rampLabels.size()) : 3;
        for (int i = 0; i < count; ++i) {
            const float t = float(i) / float(count - 1);
            const float value = content.valueMin + t * (content.valueMax - content.valueMin);
            entries.append({valueColor(t),
                            named ? content.rampLabels[i] : QString::number(value, 'f', 3),
                            Swatch::Fill});
        }
        entries.append({palette::noValue, QStringLiteral("no value"), Swatch::Fill});
    } else {
        for (int f = 0; f < kOpcodeFamilyCount; ++f)
            entries.append({familyColor(f),
                            QString::fromLatin1(opcodeFamilyName(static_cast<OpcodeFamily>(f))),
                            Swatch::Fill});
        entries.append(
            {familyColor(-1), QStringLiteral("computation (double-click)"), Swatch::Fill});
    }
    if (!content.markedText.isEmpty())
        entries.append({palette::marked, content.markedText, Swatch::Outline});
    entries.append(
        {palette::configurable,
         content.compact ? QStringLiteral("configurable") : QStringLiteral("configurable node"),
         Swatch::Outline});
    if (content.compact) return entries;
    entries.append({palette::inputEdge, QStringLiteral("inputs of selection"), Swatch::Line});
    entries.append({palette::outputEdge, QStringLiteral("outputs of selection"), Swatch::Line});
    return entries;
}

QFont legendFont(QFont font, bool bold = false) {
    font.setPixelSize(11);
    font.setBold(bold);
    return font;
}

// "▾ title" when open, "▸ title" when folded.
QString headerText(const GraphLegendContent& content) {
    const QString title = content.byValue ? content.valueTitle : QStringLiteral("opcode family");
    return (content.collapsed ? QStringLiteral("▸ ") : QStringLiteral("▾ ")) + title;
}

int rowHeight(const QFont& font) {
    return QFontMetrics(legendFont(font)).height() + 3;
}

}  // namespace

GraphLegendGeometry graphLegendGeometry(const QRect& area, const QFont& font,
                                        const GraphLegendContent& content) {
    const QVector<Entry> entries = entriesFor(content);
    const QFontMetrics metrics(legendFont(font)), bold(legendFont(font, true));
    int width = bold.horizontalAdvance(headerText(content)) + 16;
    for (const Entry& e : entries) width = std::max(width, metrics.horizontalAdvance(e.text) + 40);
    const int row = rowHeight(font);
    const int height = row * (int(entries.size()) + 1) + (entries.isEmpty() ? 4 : 10);
    const QRect box(area.right() - width - 10, area.top() + 10, width, height);
    return {box, QRect(box.left(), box.top(), width, row + 5)};
}

void paintGraphLegend(QPainter& painter, const QRect& area, const GraphLegendContent& content) {
    const QVector<Entry> entries = entriesFor(content);
    const GraphLegendGeometry geometry = graphLegendGeometry(area, painter.font(), content);
    const QRect& box = geometry.box;
    const int row = rowHeight(painter.font());
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QColor(0, 0, 0, 50));
    painter.setBrush(QColor(255, 255, 255, 170));  // the graph shows through
    painter.drawRoundedRect(box, 6, 6);
    painter.setPen(palette::text);
    painter.setFont(legendFont(painter.font(), true));
    painter.drawText(QRect(box.left() + 8, box.top() + 3, box.width() - 12, row), Qt::AlignVCenter,
                     headerText(content));
    painter.setFont(legendFont(painter.font()));
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
        painter.drawText(QRect(swatch.right() + 6, y, box.right() - swatch.right() - 8, row),
                         Qt::AlignVCenter, e.text);
        y += row;
    }
    painter.restore();
}

}  // namespace tpugraphs::ui
