// The status line under the training controls: a failure reads as one line, and its full text
// (a LibTorch backtrace) is one click away behind "Details".
#include <QLabel>
#include <QPlainTextEdit>
#include <QToolButton>
#include <QtTest>

#include "common/status_line.h"

using namespace tpugraphs::ui;

class TestStatusLine : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void backtraceGoesBehindDetails() {
        StatusLine line;
        line.show();
        const QString what =
            "Training failed: from is out of bounds for float\nException raised from check at "
            "x.cpp:12 (most recent call first):\nframe #0: c10::Error::Error() + 0x8c";
        line.showMessage(what, true);
        auto* label = line.findChild<QLabel*>("statusLabel");
        auto* button = line.findChild<QToolButton*>("statusDetailsButton");
        auto* details = line.findChild<QPlainTextEdit*>("statusDetails");
        QVERIFY(label && button && details);
        QCOMPARE(label->text(), QString("Training failed: from is out of bounds for float"));
        QVERIFY(button->isVisible());
        QVERIFY(!details->isVisible());
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(details->isVisible());
        QCOMPARE(details->toPlainText(), what);

        // A later one-line message hides the button and the old details.
        line.showMessage("Run r: completed at step 20 (last.pt kept)", false);
        QVERIFY(!button->isVisible());
        QVERIFY(!details->isVisible());
        QCOMPARE(line.details(), QString());
    }
};

QTEST_MAIN(TestStatusLine)
#include "tst_status_line.moc"
