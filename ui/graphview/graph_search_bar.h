// Search bar for the graph view: a node id or opcode name, match count, previous/next.
#pragma once

#include <QVector>
#include <QWidget>

class QLabel;
class QLineEdit;
class QToolButton;

namespace tpugraphs::ui {

class GraphViewWidget;

class GraphSearchBar : public QWidget {
    Q_OBJECT
public:
    explicit GraphSearchBar(GraphViewWidget* view, QWidget* parent = nullptr);

    void search(const QString& text);  // finds, highlights, centres and selects the first match
    void next();
    void previous();
    void focusInput();
    void refresh();  // re-runs the search in a new view (after a new drawing) without moving
    void clear();    // empties the input, the matches and the status (another graph)
    int matchCount() const { return m_matches.size(); }
    int currentIndex() const { return m_current; }
    QLineEdit* input() const { return m_input; }
    QString statusText() const;  // "3 of 12", "no match" or empty

private:
    void show(int index);

    GraphViewWidget* m_view;
    QLineEdit* m_input;
    QToolButton* m_previous;
    QToolButton* m_next;
    QLabel* m_status;
    QVector<int> m_matches;
    int m_current = -1;
};

}  // namespace tpugraphs::ui
