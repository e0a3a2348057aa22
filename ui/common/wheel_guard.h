// Keeps the mouse wheel from changing a spin box or combo box that the pointer merely passes
// over while a form scrolls: such a field takes the wheel only once it has the focus (clicked
// or tabbed to); otherwise the wheel scrolls the form around it.
#pragma once

class QWidget;

namespace tpugraphs::ui {

// Guards `field` (a spin box or combo box): focus by click or tab only, wheel ignored unless
// focused.
void guardAgainstWheel(QWidget* field);

}  // namespace tpugraphs::ui
