#pragma once

class MainWindow;

/// Wires the mode-aware views to the controller (part of MainWindow::wire, kept apart): the
/// serving dials' request and clicks, the number-format lab's "Use for weights", and "colour
/// by role" for every chart. The comparisons of every mode are one signal (MainWindow::wire).
void wireModeViews(MainWindow* window);
