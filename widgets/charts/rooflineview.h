#pragma once

#include <QWidget>

/// A small roofline (Williams et al. 2009) for serving: attainable share of the GPU's peak
/// against arithmetic intensity, both on log scales, the ridge point where the bandwidth roof
/// meets the compute roof, and the decode step as a dot: left of the ridge it is memory-bound.
/// Painted, clickable like a gauge.
class RooflineView : public QWidget
{
    Q_OBJECT
    Q_PROPERTY(double intensity READ intensity WRITE setIntensity)

public:
    explicit RooflineView(QWidget* parent = nullptr);

    /// Arithmetic intensity of the point (FLOP per byte read) and the GPU's ridge (peak / bandwidth).
    void setPoint(double intensity, double ridge);
    double intensity() const { return m_intensity; }
    void setIntensity(double intensity) { setPoint(intensity, m_ridge); }
    double ridge() const { return m_ridge; }
    bool isMemoryBound() const { return m_intensity < m_ridge; }
    /// The share of peak compute the point can use: min(1, intensity / ridge).
    double attainableFraction() const;

    void setTitle(const QString& title);
    void setStale(bool stale);
    void setSelected(bool selected);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    void activated();

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

public:
    /// Where the point's and the ridge's labels were last drawn (for tests: they never meet).
    QRectF pointLabelRect() const { return m_pointRect; }
    QRectF ridgeLabelRect() const { return m_ridgeRect; }

private:
    QRectF m_pointRect;
    QRectF m_ridgeRect;
    QString m_title;
    double m_intensity = 1;
    double m_ridge = 100;
    bool m_stale = false;
    bool m_selected = false;
};
