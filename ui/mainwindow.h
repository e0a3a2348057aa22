// The main window: wires the pages (explorer, graph view, charts, training) together.
#pragma once

#include <QMainWindow>

namespace tpugraphs::ui {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;
};

}  // namespace tpugraphs::ui
