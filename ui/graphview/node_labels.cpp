// Label forms of nodes and computation boxes, and the choice of the one that fits.
#include "graphview/node_labels.h"

#include <QFontMetrics>
#include <QHash>

#include "graphview/graph_scene.h"

namespace tpugraphs::ui {

QString opcodeAbbreviation(const QString& name) {
    // The opcodes most frequent in the TpuGraphs files, in the short forms of XLA's dumps.
    static const QHash<QString, QString> known = {
        {"multiply", "mul"},
        {"parameter", "param"},
        {"get-tuple-element", "gte"},
        {"subtract", "sub"},
        {"broadcast", "bcast"},
        {"select", "sel"},
        {"divide", "div"},
        {"all-reduce", "allred"},
        {"transpose", "transp"},
        {"compare", "cmp"},
        {"constant", "const"},
        {"convert", "cvt"},
        {"reshape", "rshp"},
        {"maximum", "max"},
        {"minimum", "min"},
        {"negate", "neg"},
        {"convolution", "conv"},
        {"bitcast-convert", "bitcvt"},
        {"exponential", "exp"},
        {"concatenate", "concat"},
        {"custom-call", "ccall"},
        {"dynamic-slice", "dslice"},
        {"dynamic-update-slice", "dus"},
        {"reduce", "red"},
    };
    const auto it = known.constFind(name);
    if (it != known.constEnd()) return it.value();
    if (name.size() <= 4) return name;
    const QStringList words = name.split('-', Qt::SkipEmptyParts);
    if (words.size() > 1) {
        QString initials;
        for (const QString& word : words) initials += word.front();
        return initials;
    }
    return name.left(3);
}

QStringList labelForms(const GraphScene& scene, int v) {
    const QString name = scene.label(v);
    if (scene.isBox(v)) {
        const int c = scene.computation(v) + 1, count = scene.topology().computationCount();
        return {name, QStringLiteral("computation %1 of %2").arg(c).arg(count),
                QStringLiteral("%1 of %2").arg(c).arg(count)};
    }
    QStringList forms = {QStringLiteral("%1  #%2").arg(name).arg(scene.originalNode(v)), name};
    const QString shortName = opcodeAbbreviation(name);
    if (shortName != name) forms << shortName;
    return forms;
}

QString fittingLabel(const QStringList& forms, const QFontMetrics& metrics, double width) {
    for (const QString& form : forms)
        if (metrics.horizontalAdvance(form) <= width) return form;
    return {};
}

QString elidedLine(const QString& text, const QFontMetrics& metrics, double width) {
    const QString elided = metrics.elidedText(text, Qt::ElideRight, static_cast<int>(width));
    return elided.size() < 2 && elided != text ? QString() : elided;
}

}  // namespace tpugraphs::ui
