#pragma once

class MainWindow;

/// Wires the mode-aware views to the controller (part of MainWindow::wire, kept apart): the
/// serving and fine-tuning comparisons and their clicks, the serving dials' request and clicks,
/// the number-format lab's "Use for weights", and "colour by role" for every chart.
void wireModeViews(MainWindow* window);
