// Help > About: the product, its version and commit, and the Qt, LibTorch, BLAS and CUDA it runs
// on, with a button that copies those facts for a bug report.
#pragma once

#include <QDialog>
#include <QList>
#include <QPair>
#include <QString>

namespace tpugraphs::ui {

// The facts the dialog lists, label then value: version, commit, Qt, LibTorch, BLAS, CUDA,
// compiler, system.
QList<QPair<QString, QString>> aboutFacts();
// The facts as plain text, one "label: value" line each (what "Copy" puts on the clipboard).
QString aboutFactsText();

class AboutDialog : public QDialog {
    Q_OBJECT
public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

}  // namespace tpugraphs::ui
