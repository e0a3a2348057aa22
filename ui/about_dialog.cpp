// Help > About: icon, name, version and the facts of this build, with "Copy".
#include "about_dialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QSysInfo>
#include <QVBoxLayout>

#include "base/blas_report.h"
#include "base/build_info.h"
#include "common/count_text.h"
#include "model/torch_build_info.h"

namespace tpugraphs::ui {

namespace {

QString cudaText(const TorchBuildInfo& torch) {
    if (!torch.cudaBuilt) return QStringLiteral("not in this LibTorch build (CPU only)");
    return QStringLiteral("runtime %1, %2 device(s) visible")
        .arg(QString::fromStdString(torch.cudaRuntime))
        .arg(torch.cudaDevices);
}

QString compilerText() {
#if defined(__clang__)
    return QStringLiteral("Clang " __clang_version__);
#elif defined(__GNUC__)
    return QStringLiteral("GCC " __VERSION__);
#else
    return QStringLiteral("unknown");
#endif
}

// "OpenBLAS 0.3.21 (DYNAMIC_ARCH), kernel Zen" and the file it is in.
QString blasLibraryText(const BlasReport& blas) {
    QString text = QString::fromStdString(blasText(blas));
    if (!blas.libraryPath.empty() && blas.library != blas.libraryPath)
        text += QStringLiteral("\n") + QString::fromStdString(blas.libraryPath);
    return text;
}

}  // namespace

QList<QPair<QString, QString>> aboutFacts() {
    const TorchBuildInfo torch = torchBuildInfo();
    const BlasReport blas = blasReport();
    return {
        {QStringLiteral("Version"), QString::fromUtf8(projectVersion())},
        {QStringLiteral("Git commit"), QString::fromUtf8(gitCommit())},
        {QStringLiteral("Qt"), QStringLiteral("%1 (built against %2)")
                                   .arg(QString::fromUtf8(qVersion()), QT_VERSION_STR)},
        {QStringLiteral("LibTorch"),
         QStringLiteral("%1, %2, %3")
             .arg(QString::fromStdString(torch.libtorchVersion),
                  QString::fromStdString(torch.parallelBackend),
                  countText(torch.intraOpThreads, "intra-op thread", "intra-op threads"))},
        {QStringLiteral("BLAS"), blasLibraryText(blas)},
        {QStringLiteral("CPU"), QString::fromStdString(cpuText(blas))},
        {QStringLiteral("CUDA"), cudaText(torch)},
        {QStringLiteral("Compiler"), compilerText()},
        {QStringLiteral("System"), QStringLiteral("%1, %2 %3")
                                       .arg(QSysInfo::prettyProductName(), QSysInfo::kernelType(),
                                            QSysInfo::kernelVersion())},
    };
}

QString aboutFactsText() {
    QString text = QStringLiteral("TpuGraphs Studio\n");
    for (const auto& [label, value] : aboutFacts())
        text += QStringLiteral("%1: %2\n").arg(label, QString(value).replace('\n', "; "));
    return text;
}

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(QStringLiteral("About TpuGraphs Studio"));
    auto* icon = new QLabel(this);
    icon->setPixmap(QApplication::windowIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);
    auto* title = new QLabel(
        QStringLiteral("<h2>TpuGraphs Studio %1</h2>"
                       "<p>Browse TpuGraphs datasets, look at their graphs and runtimes, train "
                       "cost models and export Kaggle submissions.</p>"
                       "<p>The command-line tool <tt>tpugraphs</tt> trains and exports "
                       "headless.</p>")
            .arg(QString::fromUtf8(projectVersion())),
        this);
    title->setWordWrap(true);
    title->setFixedWidth(440);

    auto* facts = new QFormLayout;
    facts->setLabelAlignment(Qt::AlignRight);
    for (const auto& [label, value] : aboutFacts()) {
        auto* valueLabel = new QLabel(value, this);
        valueLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
        valueLabel->setWordWrap(true);
        facts->addRow(label + QStringLiteral(":"), valueLabel);
    }
    auto* text = new QVBoxLayout;
    text->addWidget(title);
    text->addSpacing(6);
    text->addLayout(facts);
    auto* top = new QHBoxLayout;
    top->addWidget(icon);
    top->addLayout(text, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton* copy = buttons->addButton(QStringLiteral("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName("aboutCopy");
    copy->setToolTip(QStringLiteral("Copy the version and build facts for a bug report"));
    connect(copy, &QPushButton::clicked, this,
            [] { QApplication::clipboard()->setText(aboutFactsText()); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(buttons);
    // Sized by its content: wrapped labels then get the height their width needs, no more.
    layout->setSizeConstraint(QLayout::SetFixedSize);
}

}  // namespace tpugraphs::ui
